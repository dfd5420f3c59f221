import type { HostTypeCategory } from '../../shared/host-types'
import { Icon } from './Icon'
import type { IconName } from './icons'

/** SPEC §3 host type categories' icons; "An unknown type shows a question icon." */
const CATEGORY_ICON: Record<HostTypeCategory | 'unknown', IconName> = {
  cloud: 'cloud',
  domains: 'globe',
  linux: 'terminal',
  network: 'diagram',
  physical: 'pcDisplay',
  ping: 'reception',
  printers: 'printer',
  storage: 'deviceHdd',
  windows: 'windows',
  unknown: 'questionCircle',
}

export function HostTypeIcon({ category, className }: { category: HostTypeCategory | null; className?: string }) {
  return <Icon name={CATEGORY_ICON[category ?? 'unknown']} className={className} />
}
