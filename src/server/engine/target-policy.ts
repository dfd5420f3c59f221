/**
 * Issue 13 "Targets" (review M1): where a check that no server admin saved may reach. Pure: the caller hands
 * in the organization's allowed targets (shared/api/quotas.ts) and the server's own addresses.
 * - Denied unless a server admin listed them on purpose: loopback, unspecified, link-local (cloud metadata
 *   included), multicast, broadcast/reserved (a listed network inside such a range opens that network), and
 *   the server's own interface addresses (each opened only by listing it alone). A wide network such as
 *   0.0.0.0/0 opens none of them.
 * - Networks listed: an address must lie in one. Name patterns listed: a host name must match one.
 * IPv4-mapped and IPv4-compatible IPv6 addresses are judged as the IPv4 address they carry.
 */
import { BlockList, isIP, SocketAddress } from 'node:net'
import type { AllowedTargets } from '../../shared/api/quotas'

/** The organization's allowed targets carried with a check; null: a server admin's check, which may reach anything. */
export type TargetPolicy = AllowedTargets | null

type Family = 'ipv4' | 'ipv6'

/** Address ranges no check but a server admin's may reach, each with the reason shown in the check's output. */
const ALWAYS_DENIED: readonly (readonly [string, number, Family, string])[] = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified address'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local or cloud metadata'],
  // Alibaba Cloud's metadata service lives outside link-local.
  ['100.100.100.200', 32, 'ipv4', 'cloud metadata'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'broadcast or reserved'],
  ['::', 128, 'ipv6', 'unspecified address'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fd00:ec2::254', 128, 'ipv6', 'cloud metadata'],
  ['ff00::', 8, 'ipv6', 'multicast'],
]

const denied = ALWAYS_DENIED.map(([network, prefix, family, reason]) => {
  const list = new BlockList()
  list.addSubnet(network, prefix, family)
  return { list, prefix, family, reason }
})
// One lookup answers the common case (allowed); the reason is only looked for on a hit.
const anyDenied = new BlockList()
for (const [network, prefix, family] of ALWAYS_DENIED) anyDenied.addSubnet(network, prefix, family)

/** An address without its zone (`fe80::1%eth0`), IPv4 when it is an IPv4-mapped or -compatible IPv6 one. */
export function canonicalAddress(address: string): { address: string; family: Family } | null {
  const bare = address.replace(/%.*$/, '').replace(/^\[|\]$/g, '')
  const version = isIP(bare)
  if (version === 4) return { address: bare, family: 'ipv4' }
  if (version !== 6) return null
  const groups = expandIPv6(bare)
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated) both reach the IPv4 host.
  const v4 = groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || (groups[5] === 0 && groups[6] !== 0))
  if (v4) return { address: [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.'), family: 'ipv4' }
  return { address: groups.map((g) => g.toString(16)).join(':'), family: 'ipv6' }
}

/** The eight 16-bit groups of a valid IPv6 address (dotted IPv4 tail included). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase()
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
  const h = part(head)
  const t = part(tail)
  return tail === undefined ? h : [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t]
}

/** `10.0.0.0/8`, `2001:db8::/32` or a single address; null when it is none of these. */
export function parseNetwork(text: string): { address: string; prefix: number; family: Family } | null {
  const m = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(text.trim())
  if (!m) return null
  const version = isIP(m[1])
  if (version === 0) return null
  const max = version === 4 ? 32 : 128
  const prefix = m[2] === undefined ? max : Number(m[2])
  if (prefix > max) return null
  return { address: m[1], prefix, family: version === 4 ? 'ipv4' : 'ipv6' }
}

const NAME_PATTERN = /^(\*\.)?(?!-)[a-z0-9_-]{1,63}(\.(?!-)[a-z0-9_-]{1,63})*$/i

/** `*.example.com` (any name below example.com) or an exact host name. */
export function isNamePattern(text: string): boolean {
  return text.length <= 253 && NAME_PATTERN.test(text)
}

const lowerName = (name: string) => name.toLowerCase().replace(/\.$/, '')

function nameMatches(pattern: string, name: string): boolean {
  const p = lowerName(pattern)
  return p.startsWith('*.') ? name.endsWith(p.slice(1)) && name.length > p.length - 1 : name === p
}

/** An organization's policy prepared for many decisions. */
export interface TargetRules {
  /** null: no networks listed, every address not always denied may be reached */
  networks: BlockList | null
  /** listed networks inside an always-denied range: a server admin opened them deliberately (e.g. 127.0.30.0/29 for tests) */
  opened: BlockList | null
  names: readonly string[]
  /** the server's own addresses, less those listed alone */
  own: ReadonlySet<string>
  /** decisions by address: a BlockList lookup needs a SocketAddress (~5 µs to make), checks repeat their targets */
  verdicts: Map<string, string | null>
}

// Enough for every distinct target of a large installation; past it the memo starts again.
const VERDICTS_MAX = 100_000

/** Prepares `allowed` (its networks validated on save; an invalid one is skipped) and the server's own addresses. */
export function targetRules(allowed: AllowedTargets, ownAddresses: Iterable<string>): TargetRules {
  let networks: BlockList | null = null
  let opened: BlockList | null = null
  const listedAlone = new Set<string>()
  for (const text of allowed.networks) {
    const n = parseNetwork(text)
    if (!n) continue
    networks ??= new BlockList()
    networks.addSubnet(n.address, n.prefix, n.family)
    if (denied.some((d) => d.family === n.family && d.prefix <= n.prefix && d.list.check(n.address, n.family))) {
      opened ??= new BlockList()
      opened.addSubnet(n.address, n.prefix, n.family)
    }
    if (n.prefix === (n.family === 'ipv4' ? 32 : 128)) listedAlone.add(canonicalAddress(n.address)!.address)
  }
  // Every listed network invalid: allow none rather than all.
  if (!networks && allowed.networks.length) networks = new BlockList()
  const own = new Set<string>()
  for (const a of ownAddresses) {
    const c = canonicalAddress(a)
    if (c && !listedAlone.has(c.address)) own.add(c.address)
  }
  return { networks, opened, names: allowed.names, own, verdicts: new Map() }
}

/** Why `address` may not be reached, or null when it may. Not an IP address: denied. */
export function addressDenial(rules: TargetRules, address: string): string | null {
  let verdict = rules.verdicts.get(address)
  if (verdict === undefined) {
    verdict = judge(rules, address)
    if (rules.verdicts.size >= VERDICTS_MAX) rules.verdicts.clear()
    rules.verdicts.set(address, verdict)
  }
  return verdict
}

function judge(rules: TargetRules, address: string): string | null {
  const c = canonicalAddress(address)
  if (!c) return 'not an IP address'
  const at = new SocketAddress(c)
  if (anyDenied.check(at) && !rules.opened?.check(at)) return denied.find((d) => d.list.check(at))!.reason
  if (rules.own.has(c.address)) return "the server's own address"
  if (rules.networks && !rules.networks.check(at)) return "outside the organization's allowed networks"
  return null
}

/** Why host name `name` may not be used, or null when it may (its addresses are judged once resolved). */
export function nameDenial(rules: TargetRules, name: string): string | null {
  if (!rules.names.length) return null
  const n = lowerName(name)
  return rules.names.some((p) => nameMatches(p, n)) ? null : "not among the organization's allowed names"
}

/** Why `target` (an address or a host name) may not be reached as far as can be told before resolving it. */
export function targetDenial(rules: TargetRules, target: string): string | null {
  return canonicalAddress(target) ? addressDenial(rules, target) : nameDenial(rules, target)
}

/** The check output line for a denied target. */
export const deniedOutput = (target: string, reason: string) => `target ${target} is not allowed for this organization (${reason})`
