/**
 * SPEC §3 agentless check `dnssec` against a DNS server on loopback that answers as a signing one does: the SOA
 * of each zone with its RRSIG only when the query sets the DNSSEC OK bit, the AD flag for `signed.test` as a
 * validating resolver would, SERVFAIL for `bogus.test` as a validating resolver does for failed signatures.
 */
import dgram from 'node:dgram'
import dnsPacket from 'dns-packet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { dnssec, DnssecConfig } from '../../src/server/engine/checks/dnssec'
import { plannedChecks } from '../../src/shared/host-tags'
import { LOOPBACK } from '../fixtures/loopback'

const DAY = 86400
const nowS = () => Math.floor(Date.now() / 1000)
/** Zone → days until its signature expires (negative: expired); null: not signed. */
const ZONES: Record<string, number | null> = {
  'signed.test': 30,
  'soon.test': 5,
  'urgent.test': 1,
  'expired.test': -2,
  'unsigned.test': null,
}

async function signingServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message)
    const question = query.questions?.[0]
    if (!question || question.name === 'silent.test') return
    const dnssecOk = (query.additionals ?? []).some((a) => a.type === 'OPT' && a.flag_do)
    const zone = question.name.split('.').slice(-2).join('.')
    const days = ZONES[zone]
    const known = zone in ZONES
    const soa: dnsPacket.Answer = {
      type: 'SOA',
      name: zone,
      ttl: 3600,
      data: { mname: `ns.${zone}`, rname: `hostmaster.${zone}`, serial: 1, refresh: 3600, retry: 600, expire: 86400, minimum: 300 },
    }
    const rrsig: dnsPacket.Answer[] =
      days === null || days === undefined || !dnssecOk
        ? []
        : [
            {
              type: 'RRSIG',
              name: zone,
              ttl: 3600,
              data: {
                typeCovered: 'SOA',
                algorithm: 13,
                labels: 1,
                originalTTL: 3600,
                expiration: nowS() + Math.round(days * DAY),
                inception: nowS() - 7 * DAY,
                keyTag: 4242,
                signersName: zone,
                signature: Buffer.alloc(64, 1),
              },
            },
          ]
    // The zone's own name gets its SOA as the answer; a name in it gets it in the authority section (NODATA).
    const atApex = question.name === zone
    const rcode = zone === 'bogus.test' ? 2 : known ? 0 : 3
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_AVAILABLE | (zone === 'signed.test' ? dnsPacket.AUTHENTIC_DATA : 0) | rcode,
      questions: query.questions,
      answers: known && rcode === 0 && atApex ? [soa, ...rrsig] : [],
      authorities: known && rcode === 0 && !atApex ? [soa, ...rrsig] : [],
    })
    socket.send(response, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, LOOPBACK, resolve))
  return { port: socket.address().port, close: () => new Promise((resolve) => socket.close(() => resolve())) }
}

describe('dnssec check (SPEC §3 agentless check dnssec)', () => {
  let server: Awaited<ReturnType<typeof signingServer>>
  const run = (config: Omit<z.input<typeof DnssecConfig>, 'port' | 'server'>, timeoutMs = 2000) =>
    runCheck(dnssec, dnssec.config.parse({ ...config, server: LOOPBACK, port: server.port }), { timeoutMs, address: LOOPBACK })
  beforeAll(async () => {
    server = await signingServer()
  })
  afterAll(() => server.close())

  it('is OK for a signed zone, saying when its signatures expire and that the resolver validated them', async () => {
    const result = await run({ zone: 'signed.test' })
    expect(result.status).toBe(0)
    expect(result.output).toMatch(
      /^DNSSEC OK - signed\.test is signed \(algorithm 13, key 4242\); its signatures expire \d{4}-\d\d-\d\d \(in (29|30) days\); validated by the resolver$/,
    )
    expect(result.perfdata).toEqual([expect.objectContaining({ label: 'days_left', warn: { start: 7, end: null, inside: false } })])
    expect(result.perfdata[0].value).toBeGreaterThan(29)
  })

  it('warns and then is critical as the signatures near their expiry, and critical once expired', async () => {
    const soon = await run({ zone: 'soon.test' })
    expect([soon.status, soon.output]).toEqual([
      1,
      expect.stringMatching(/^DNSSEC WARNING - soon\.test is signed .*\(in [45] days\); not validated by the resolver$/),
    ])
    expect((await run({ zone: 'urgent.test' })).status).toBe(2)
    expect((await run({ zone: 'soon.test', warn_days: 3, crit_days: 1 })).status).toBe(0)
    const expired = await run({ zone: 'expired.test' })
    expect(expired.status).toBe(2)
    expect(expired.output).toMatch(
      /^DNSSEC CRITICAL - expired\.test: its signatures expired on \d{4}-\d\d-\d\d \(algorithm 13, key 4242\)$/,
    )
  })

  it('judges the zone of a name inside it (SOA in the authority section)', async () => {
    const result = await run({ zone: 'www.signed.test' })
    expect(result.status).toBe(0)
    expect(result.output).toContain('signed.test is signed')
  })

  it('is critical for an unsigned zone, a SERVFAIL, an unknown name and a server that does not answer', async () => {
    expect(await run({ zone: 'unsigned.test' })).toEqual({
      status: 2,
      output: 'DNSSEC CRITICAL - unsigned.test is not signed (no RRSIG on its SOA)',
      perfdata: [],
    })
    const bogus = await run({ zone: 'bogus.test' })
    expect([bogus.status, bogus.output]).toEqual([2, expect.stringContaining('server failure (SERVFAIL)')])
    expect((await run({ zone: 'nope.example' })).output).toBe('DNSSEC CRITICAL - nope.example: no such domain (NXDOMAIN)')
    const silent = await run({ zone: 'silent.test' }, 300)
    expect(silent.status).toBe(2)
    expect(silent.output).toContain(`${LOOPBACK}:${server.port} for silent.test`)
  })

  it('refuses levels where critical comes before warning', () => {
    expect(DnssecConfig.safeParse({ zone: 'signed.test', warn_days: 3, crit_days: 7 }).success).toBe(false)
  })

  it('is the check the dnssec option tag brings, for the host’s name', () => {
    const planned = plannedChecks({ hosttype: 'website', hostname: 'www.example.com', tags: ['dnssec'] })
    expect(planned).toContainEqual({ name: 'DNSSEC', kind: 'dnssec', config: { zone: 'www.example.com' }, check_interval: 21600 })
  })
})
