/**
 * SPEC §2 hash routes the dashboard links to. The monitoring and maps features do not export their link helpers
 * (and the monitoring graphs tab imports the dashboard), so these follow the SPEC §2 paths directly.
 */
const enc = encodeURIComponent

export const hostStatusPath = (host: string) => `/monitoring/hosts/${enc(host)}/status`
export const resourceStatusPath = (host: string, resource: string) => `/monitoring/hosts/${enc(host)}/${enc(resource)}/status`
export const resourceGraphsPath = (host: string, resource: string) => `/monitoring/hosts/${enc(host)}/${enc(resource)}/graphs`
export const PROBLEMS_PATH = '/monitoring/problems'
