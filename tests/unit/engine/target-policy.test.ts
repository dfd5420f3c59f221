import { describe, expect, it } from 'vitest'
import {
  addressDenial,
  canonicalAddress,
  isNamePattern,
  nameDenial,
  parseNetwork,
  targetDenial,
  targetRules,
} from '../../../src/server/engine/target-policy'

// Issue 13 "Targets" (review M1): what a check no server admin saved may reach.
const OWN = ['127.0.0.1', '::1', '10.1.2.3', 'fe80::1%eth0', '2001:db8::42']
const open = targetRules({ networks: [], names: [] }, OWN)

describe('target policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['0.0.0.0', 'unspecified address'],
    ['::', 'unspecified address'],
    ['169.254.169.254', 'link-local or cloud metadata'],
    ['169.254.1.1', 'link-local or cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['fe80::abcd', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast or reserved'],
    // IPv4 inside IPv6 reaches the IPv4 host: judged as that host.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local or cloud metadata'],
    ['::127.0.0.1', 'loopback'],
  ])('always denies %s (%s), whatever wide networks the organization allows', (address, reason) => {
    expect(addressDenial(open, address)).toBe(reason)
    expect(addressDenial(targetRules({ networks: ['0.0.0.0/0', '::/0'], names: [] }, OWN), address)).toBe(reason)
  })

  it("denies the server's own interface addresses, in any spelling", () => {
    expect(addressDenial(open, '10.1.2.3')).toBe("the server's own address")
    expect(addressDenial(open, '::ffff:10.1.2.3')).toBe("the server's own address")
    expect(addressDenial(open, '2001:0db8:0000::0042')).toBe("the server's own address")
    expect(addressDenial(open, '10.1.2.4')).toBeNull()
  })

  it('opens a loopback network a server admin listed inside loopback, and nothing wider', () => {
    const rules = targetRules({ networks: ['127.0.30.0/29', '10.0.0.0/8'], names: [] }, OWN)
    expect(addressDenial(rules, '127.0.30.2')).toBeNull()
    expect(addressDenial(rules, '::ffff:127.0.30.6')).toBeNull()
    expect(addressDenial(rules, '127.0.30.8')).toBe('loopback')
    expect(addressDenial(rules, '127.0.0.1')).toBe('loopback')
    // Inside the listed loopback network, the server's own address stays denied unless listed alone.
    const withOwn = targetRules({ networks: ['127.0.0.0/29'], names: [] }, OWN)
    expect(addressDenial(withOwn, '127.0.0.2')).toBeNull()
    expect(addressDenial(withOwn, '127.0.0.1')).toBe("the server's own address")
    expect(addressDenial(targetRules({ networks: ['127.0.0.1/32', '10.1.2.3'], names: [] }, OWN), '127.0.0.1')).toBeNull()
    expect(addressDenial(targetRules({ networks: ['10.1.2.3'], names: [] }, OWN), '10.1.2.3')).toBeNull()
    expect(addressDenial(targetRules({ networks: ['10.0.0.0/8'], names: [] }, OWN), '10.1.2.3')).toBe("the server's own address")
    // A network wider than the denied range (0.0.0.0/0, 96.0.0.0/3) opens nothing inside it.
    expect(addressDenial(targetRules({ networks: ['96.0.0.0/3'], names: [] }, OWN), '127.0.30.2')).toBe('loopback')
  })

  it('allows any other address when the organization lists no networks', () => {
    for (const a of ['192.0.2.5', '10.0.0.1', '8.8.8.8', '2001:db8::1', '::ffff:192.0.2.5']) expect(addressDenial(open, a)).toBeNull()
  })

  it('allows only the listed networks when there are any', () => {
    const rules = targetRules({ networks: ['10.0.0.0/8', '2001:db8:1::/48', '198.51.100.7'], names: [] }, OWN)
    expect(addressDenial(rules, '10.200.0.1')).toBeNull()
    expect(addressDenial(rules, '::ffff:10.200.0.1')).toBeNull()
    expect(addressDenial(rules, '2001:db8:1:ffff::1')).toBeNull()
    expect(addressDenial(rules, '198.51.100.7')).toBeNull()
    expect(addressDenial(rules, '198.51.100.8')).toBe("outside the organization's allowed networks")
    expect(addressDenial(rules, '192.0.2.5')).toBe("outside the organization's allowed networks")
    expect(addressDenial(rules, '2001:db8:2::1')).toBe("outside the organization's allowed networks")
  })

  it('allows nothing when every listed network is invalid, rather than everything', () => {
    expect(addressDenial(targetRules({ networks: ['nonsense'], names: [] }, []), '192.0.2.5')).toBe(
      "outside the organization's allowed networks",
    )
  })

  it('requires a listed name pattern for host names when there are any', () => {
    const rules = targetRules({ networks: [], names: ['*.example.com', 'mail.example.org'] }, OWN)
    expect(nameDenial(rules, 'www.example.com')).toBeNull()
    expect(nameDenial(rules, 'a.b.EXAMPLE.com.')).toBeNull()
    expect(nameDenial(rules, 'mail.example.org')).toBeNull()
    expect(nameDenial(rules, 'example.com')).toBe("not among the organization's allowed names")
    expect(nameDenial(rules, 'evil-example.com')).toBe("not among the organization's allowed names")
    expect(nameDenial(rules, 'www.example.org')).toBe("not among the organization's allowed names")
    expect(nameDenial(open, 'anything.test')).toBeNull()
  })

  it('judges a literal target as an address and anything else as a name', () => {
    const rules = targetRules({ networks: ['10.0.0.0/8'], names: ['*.example.com'] }, OWN)
    expect(targetDenial(rules, '192.0.2.5')).toBe("outside the organization's allowed networks")
    expect(targetDenial(rules, 'db.example.com')).toBeNull()
    expect(targetDenial(rules, 'localhost')).toBe("not among the organization's allowed names")
    expect(targetDenial(open, 'localhost')).toBeNull() // resolved and judged at run time
  })

  it('reads networks and name patterns strictly', () => {
    expect(parseNetwork('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' })
    expect(parseNetwork('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' })
    expect(parseNetwork('192.0.2.5')).toEqual({ address: '192.0.2.5', prefix: 32, family: 'ipv4' })
    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0/8', 'example.com/8', '10.0.0.0/', '', '10.0.0.0/8/8'])
      expect(parseNetwork(bad)).toBeNull()
    expect(isNamePattern('*.example.com')).toBe(true)
    expect(isNamePattern('host-1.example.com')).toBe(true)
    for (const bad of ['*', '*.', 'a..b', '-a.com', 'a.*.com', 'http://x', 'a b']) expect(isNamePattern(bad)).toBe(false)
    expect(canonicalAddress('not-an-ip')).toBeNull()
  })
})
