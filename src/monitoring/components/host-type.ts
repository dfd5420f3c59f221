/**
 * SPEC §3 "Host types: grouped in categories (cloud, domains, linux, network, physical, ping, printers,
 * storage, windows), each with an icon. An unknown type shows a question icon."
 */
export const HOST_TYPE_CATEGORIES = ['cloud', 'domains', 'linux', 'network', 'physical', 'ping', 'printers', 'storage', 'windows'] as const
export type HostTypeCategory = (typeof HOST_TYPE_CATEGORIES)[number]

const CATEGORY_OF: Record<string, HostTypeCategory> = {
  azure: 'cloud',
  aws: 'cloud',
  gcp: 'cloud',
  cloud: 'cloud',
  kubernetes: 'cloud',
  'kubernetes-cluster': 'cloud',
  'kubernetes-node': 'cloud',
  office365: 'cloud',
  website: 'domains',
  domain: 'domains',
  dns: 'domains',
  linux: 'linux',
  'linux-server': 'linux',
  switch: 'network',
  router: 'network',
  firewall: 'network',
  'access-point': 'network',
  'load-balancer': 'network',
  network: 'network',
  esx: 'physical',
  ilo: 'physical',
  idrac: 'physical',
  ups: 'physical',
  pdu: 'physical',
  physical: 'physical',
  ping: 'ping',
  printer: 'printers',
  printers: 'printers',
  storage: 'storage',
  nas: 'storage',
  san: 'storage',
  windows: 'windows',
  'windows-server': 'windows',
}

const ICONS: Record<HostTypeCategory | 'unknown', string> = {
  cloud: '☁',
  domains: '🌐',
  linux: '🐧',
  network: '🔀',
  physical: '🖥',
  ping: '📶',
  printers: '🖨',
  storage: '💾',
  windows: '🪟',
  unknown: '❓',
}

export function hostTypeCategory(hosttype: string): HostTypeCategory | null {
  return CATEGORY_OF[hosttype.toLowerCase()] ?? null
}

export function hostTypeIcon(hosttype: string): string {
  return ICONS[hostTypeCategory(hosttype) ?? 'unknown']
}
