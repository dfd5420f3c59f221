/**
 * The addresses of a map the early start asks for (early.ts) under /api/v1, which the maps client (api.ts)
 * completes into `mapUrls`. A leaf module with only these: it goes into the early start's small chunk, which
 * must not grow with the client's other addresses.
 */
export const earlyMapUrls = {
  byName: (hostgroupName: string, name: string) => `maps/by-name/${encodeURIComponent(hostgroupName)}/${encodeURIComponent(name)}`,
  /** The viewer's query takes the early answer under this address. */
  liveDocument: (id: number) => `maps/${id}/document?version=live`,
  states: (id: number) => `maps/${id}/states`,
}
