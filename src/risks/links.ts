/** Addresses the risk screens link to (SPEC §2): an environment's risks and a host's risks tab. */
const enc = encodeURIComponent

export const environmentRisksPath = (hostgroupName: string) => `/risks/${enc(hostgroupName)}`
export const hostRisksPath = (hostName: string) => `/monitoring/hosts/${enc(hostName)}/risks`
