import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { ping, PingConfig } from '../../src/server/engine/checks/ping'
import { LOOPBACK } from '../fixtures/loopback'

const run = (config: z.input<typeof PingConfig>, timeoutMs = 5000) =>
  runCheck(ping, ping.config.parse(config), { timeoutMs, address: LOOPBACK })

// SPEC §3 host type "ping" (the default host check); issue 3: system ping, rta and pl like check_ping.
describe('ping check', () => {
  it('pings the loopback address with rta and packet loss perfdata, or explains why it cannot', async () => {
    const result = await run({ packets: 3 })
    if (result.status === 3) {
      // A sandbox without ICMP rights: the output must say so rather than blame the target.
      expect(result.output).toMatch(/^PING UNKNOWN - 127\.0\.0\.1: .*(not permitted|permission denied)/i)
      return
    }
    expect(result.status).toBe(0)
    expect(result.output).toMatch(/^PING OK - 127\.0\.0\.1: Packet loss = 0%, RTA = [\d.]+ ms$/)
    expect(result.perfdata.map((p) => [p.label, p.uom, p.unit])).toEqual([
      ['rta', 'ms', 's'],
      ['pl', '%', '%'],
    ])
    expect(result.perfdata[0].crit).toEqual({ start: 0, end: 5, inside: false })
    expect(result.perfdata[1]).toMatchObject({ value: 0, warn: { start: 0, end: 80, inside: false } })
  })

  it('applies round-trip thresholds', async () => {
    const result = await run({ packets: 2, warn_rta_ms: 0.000001, crit_rta_ms: 1000 })
    expect(result.status === 1 || result.status === 3).toBe(true)
    expect(result.output).toMatch(/^PING (WARNING - 127\.0\.0\.1: Packet loss = 0%|UNKNOWN)/)
  })

  it('is CRITICAL with an explanation for a host name that does not resolve', async () => {
    const result = await run({ host: 'no-such-host.invalid', packets: 1 }, 3000)
    expect(result.status).toBe(2)
    expect(result.output).toMatch(/^PING CRITICAL - no-such-host\.invalid: /)
    expect(result.output.length).toBeGreaterThan('PING CRITICAL - no-such-host.invalid: '.length)
  })
})
