import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { ping, PingConfig } from '../../src/server/engine/checks/ping'
import { LOOPBACK } from '../fixtures/loopback'

const run = (config: z.input<typeof PingConfig>, timeoutMs = 5000) =>
  runCheck(ping, ping.config.parse(config), { timeoutMs, address: LOOPBACK })

/** Whether this machine lets us ping at all, asked of the system's ping itself rather than of the check. */
function icmpHere(): { ok: true } | { ok: false; why: string } {
  // The PATH the check's child gets (checks/child.ts), so that both find the same ping.
  const probe = spawnSync('ping', ['-n', '-q', '-c', '1', '-w', '2', LOOPBACK], {
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' },
  })
  if (probe.error) return { ok: false, why: `cannot run ping: ${probe.error.message}` }
  if (probe.status === 0) return { ok: true }
  return { ok: false, why: (probe.stderr || probe.stdout).trim().split('\n').pop() || `ping exited with ${probe.status}` }
}
const icmp = icmpHere()
const noIcmp = icmp.ok ? '' : `no ICMP on this machine: ${icmp.why}`
const refused = !icmp.ok && /not permitted|permission denied/i.test(icmp.why)

/** The kernel's ICMP counters (Linux /proc/net/snmp, "IcmpMsg"): echo requests sent, echo replies received. */
function echoCounters(): { requests: number; replies: number } {
  const lines = fs.readFileSync('/proc/net/snmp', 'utf8').split('\n')
  const at = lines.findIndex((l) => l.startsWith('IcmpMsg:'))
  // A type's column appears only once a message of that type was seen.
  if (at < 0) return { requests: 0, replies: 0 }
  const names = lines[at].split(/\s+/)
  const values = lines[at + 1].split(/\s+/)
  const count = (name: string) => (names.includes(name) ? Number(values[names.indexOf(name)]) : 0)
  return { requests: count('OutType8'), replies: count('InType0') }
}

// SPEC §3 host type "ping" (the default host check); issue 3: system ping, rta and pl like check_ping.
describe('ping check', () => {
  it('pings the loopback address, sending and getting back every packet, with rta and packet loss perfdata', async (ctx) => {
    ctx.skip(!icmp.ok, noIcmp)
    const before = echoCounters()
    const result = await run({ packets: 3 })
    const after = echoCounters()
    // The kernel saw the echo requests go out and the replies come back (other processes may ping too: at least).
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(3)
    expect(after.replies - before.replies).toBeGreaterThanOrEqual(3)
    expect(result.status).toBe(0)
    expect(result.output).toMatch(/^PING OK - 127\.0\.0\.1: Packet loss = 0%, RTA = [\d.]+ ms$/)
    expect(result.perfdata.map((p) => [p.label, p.uom, p.unit])).toEqual([
      ['rta', 'ms', 's'],
      ['pl', '%', '%'],
    ])
    expect(result.perfdata[0].value).toBeGreaterThan(0)
    expect(result.perfdata[0].crit).toEqual({ start: 0, end: 5, inside: false })
    expect(result.perfdata[1]).toMatchObject({ value: 0, warn: { start: 0, end: 80, inside: false } })
  })

  it('applies round-trip thresholds', async (ctx) => {
    ctx.skip(!icmp.ok, noIcmp)
    const result = await run({ packets: 2, warn_rta_ms: 0.000001, crit_rta_ms: 1000 })
    expect(result.status).toBe(1)
    expect(result.output).toMatch(/^PING WARNING - 127\.0\.0\.1: Packet loss = 0%, RTA = [\d.]+ ms$/)
  })

  it('is UNKNOWN and says ICMP is not permitted, rather than blaming the target', async (ctx) => {
    ctx.skip(!refused, icmp.ok ? 'ICMP is permitted on this machine: no refusal to report' : `ping fails here otherwise: ${icmp.why}`)
    const result = await run({ packets: 1 })
    expect(result.status).toBe(3)
    expect(result.output).toMatch(/^PING UNKNOWN - 127\.0\.0\.1: .*(not permitted|permission denied)/i)
  })

  it('is CRITICAL with an explanation for a host name that does not resolve', async () => {
    const result = await run({ host: 'no-such-host.invalid', packets: 1 }, 3000)
    expect(result.status).toBe(2)
    expect(result.output).toMatch(/^PING CRITICAL - no-such-host\.invalid: /)
    expect(result.output.length).toBeGreaterThan('PING CRITICAL - no-such-host.invalid: '.length)
  })
})
