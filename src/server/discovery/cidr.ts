/** Issue 15 discovery: the addresses of a CIDR range, read with the target policy's own parser. */
import { canonicalAddress, parseNetwork } from '../engine/target-policy'

export interface Range {
  /** the range as Vigil writes it back: its network address and prefix (`10.0.0.5/24` is `10.0.0.0/24`) */
  cidr: string
  /** how many addresses `addresses()` yields */
  size: number
  addresses(): Generator<string>
}

const BITS = { ipv4: 32, ipv6: 128 } as const

const toBigInt = (address: string, family: 'ipv4' | 'ipv6'): bigint =>
  family === 'ipv4'
    ? address.split('.').reduce((n, part) => (n << 8n) | BigInt(part), 0n)
    : canonicalAddress(address)!
        .address.split(':')
        .reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n)

function toText(n: bigint, family: 'ipv4' | 'ipv6'): string {
  if (family === 'ipv4') return [24n, 16n, 8n, 0n].map((shift) => (n >> shift) & 255n).join('.')
  return Array.from({ length: 8 }, (_, i) => ((n >> BigInt((7 - i) * 16)) & 0xffffn).toString(16)).join(':')
}

/**
 * The range `text` names, or null when it is no CIDR block or address. An IPv4 block of /30 or wider leaves
 * out its network and broadcast addresses, which no host has. `size` is known before anything is enumerated,
 * so a range past the limit is refused without walking it.
 */
export function parseRange(text: string): Range | null {
  const network = parseNetwork(text)
  if (!network) return null
  // An IPv4-mapped IPv6 block would be walked as IPv6 addresses that reach IPv4 hosts: not worth the surprise.
  if (network.family === 'ipv6' && canonicalAddress(network.address)?.family === 'ipv4') return null
  const { family, prefix } = network
  const hostBits = BigInt(BITS[family] - prefix)
  const first = (toBigInt(network.address, family) >> hostBits) << hostBits
  const count = 1n << hostBits
  const edges = family === 'ipv4' && prefix <= 30 ? 1n : 0n
  const size = count - 2n * edges
  return {
    cidr: `${toText(first, family)}/${prefix}`,
    size: size > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(size),
    *addresses() {
      for (let i = edges; i < count - edges; i++) yield toText(first + i, family)
    },
  }
}
