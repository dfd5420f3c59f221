/** Addresses of the asset screens (SPEC §2 Assets). */
export const softwarePath = '/assets/software'
export const packagePath = (hosttype: string, name: string) => `${softwarePath}/${encodeURIComponent(hosttype)}/${encodeURIComponent(name)}`
