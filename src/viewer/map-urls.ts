/**
 * The addresses of a map's info, live document and states (SPEC §7). A module of its own, imported by both the
 * early requests (early.ts) and the viewer's queries (api.ts): the early module loads the viewer's page, whose
 * queries would otherwise import it back (a cycle).
 */
export const mapByNameUrl = (hostgroupName: string, name: string) =>
  `maps/by-name/${encodeURIComponent(hostgroupName)}/${encodeURIComponent(name)}`
export const liveDocumentUrl = (id: number) => `maps/${id}/document?version=live`
export const mapStatesUrl = (id: number) => `maps/${id}/states`
