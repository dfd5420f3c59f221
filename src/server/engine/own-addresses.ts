/** The server's own interface addresses (issue 13 "Targets": denied to checks no server admin saved). */
import { networkInterfaces } from 'node:os'

// Interfaces change rarely (DHCP, VPNs); a list a minute old is fresh enough and costs nothing per check.
const TTL_MS = 60_000
let own: { at: number; addresses: string[] } | undefined

export function ownAddresses(): string[] {
  if (own && Date.now() - own.at < TTL_MS) return own.addresses
  own = { at: Date.now(), addresses: Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)) }
  return own.addresses
}
