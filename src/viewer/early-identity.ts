/**
 * Issue 19: a wall's map id and live version as its early document answer tells them (early.ts). The server
 * answers the map's info only once it has read the states (store/map-states.ts), so the wall takes the id from
 * the document and draws the map — its layers, connectors and unbound items — while the states are still on
 * their way. A leaf module: the early start sets it, the maps client (api.ts) reads it.
 */
export interface EarlyMapIdentity {
  id: number
  version: number
}

const identities = new Map<string, Promise<EarlyMapIdentity | null>>()

/** Remembers the identity answer of the map at `byNameUrl` (earlyMapUrls.byName). */
export function keepEarlyIdentity(byNameUrl: string, identity: Promise<EarlyMapIdentity | null>): void {
  identities.set(byNameUrl, identity)
}

/** The identity of the map at `byNameUrl` from the early start, taken once; null when none was asked for or it failed. */
export function takeEarlyIdentity(byNameUrl: string): Promise<EarlyMapIdentity | null> {
  const identity = identities.get(byNameUrl)
  identities.delete(byNameUrl)
  return identity ?? Promise.resolve(null)
}
