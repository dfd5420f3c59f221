import { describe, expect, it } from 'vitest'
import { parseRange } from '../../../../src/server/discovery/cidr'
import { limiter } from '../../../../src/server/discovery/limiter'

// Issue 15 "Discover a network": the addresses a sweep walks, and "bounded in rate".
describe('discovery: ranges', () => {
  it('walks the host addresses of an IPv4 block, without its network and broadcast addresses', () => {
    const range = parseRange('192.0.2.77/29')!
    expect(range.cidr).toBe('192.0.2.72/29')
    expect(range.size).toBe(6)
    expect([...range.addresses()]).toEqual(['192.0.2.73', '192.0.2.74', '192.0.2.75', '192.0.2.76', '192.0.2.77', '192.0.2.78'])
  })

  it('walks every address of a /31, a single address and a small IPv6 block', () => {
    expect([...parseRange('192.0.2.4/31')!.addresses()]).toEqual(['192.0.2.4', '192.0.2.5'])
    expect([...parseRange('192.0.2.9')!.addresses()]).toEqual(['192.0.2.9'])
    const v6 = parseRange('2001:db8::17/126')!
    expect(v6.cidr).toBe('2001:db8:0:0:0:0:0:14/126')
    expect([...v6.addresses()]).toEqual([
      '2001:db8:0:0:0:0:0:14',
      '2001:db8:0:0:0:0:0:15',
      '2001:db8:0:0:0:0:0:16',
      '2001:db8:0:0:0:0:0:17',
    ])
  })

  it('knows the size of a huge range without walking it, and reads nothing else', () => {
    expect(parseRange('10.0.0.0/8')!.size).toBe(2 ** 24 - 2)
    expect(parseRange('2001:db8::/32')!.size).toBe(Number.MAX_SAFE_INTEGER)
    for (const bad of ['10.0.0.0/33', 'example.com/24', '', '10.0.0/24', '::ffff:10.0.0.0/120']) expect(parseRange(bad)).toBeNull()
  })
})

describe('discovery: probe limiter', () => {
  /** Runs six probes of `ms` each through `run`; the most that ran at once and the times they started. */
  async function six(run: ReturnType<typeof limiter>, ms: number) {
    let atOnce = 0
    let most = 0
    const starts: number[] = []
    const probe = async () => {
      starts.push(performance.now())
      most = Math.max(most, ++atOnce)
      await new Promise((resolve) => setTimeout(resolve, ms))
      atOnce--
    }
    await Promise.all(Array.from({ length: 6 }, () => run(probe)))
    return { most, span: starts[5] - starts[0] }
  }

  it('runs at most the cap at once', async () => {
    expect((await six(limiter(1000, 2), 30)).most).toBe(2)
  })

  it('spaces the starts by the rate', async () => {
    // Six starts at 100 a second span at least 50 ms (timers may fire a millisecond early).
    expect((await six(limiter(100, 10), 1)).span).toBeGreaterThanOrEqual(48)
  })
})
