/** Addresses of the asset screens (SPEC §2 Assets). */
export const softwarePath = '/assets/software'
export const packagePath = (hosttype: string, name: string) => `${softwarePath}/${encodeURIComponent(hosttype)}/${encodeURIComponent(name)}`
export const hostAssetsPath = '/assets/hosts'
/** SPEC §2 /assets/{hostname}/{tab?}: a host's asset detail, on one of SPEC §3's asset sections. */
export const hostAssetPath = (hostname: string, section?: string) =>
  `/assets/${encodeURIComponent(hostname)}${section ? `/${encodeURIComponent(section)}` : ''}`
