import dgram from 'node:dgram'
import dnsPacket from 'dns-packet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { dns, DnsConfig } from '../../src/server/engine/checks/dns'
import { LOOPBACK } from '../fixtures/loopback'

/** A stub authoritative server over UDP (RFC 1035) for the zone `vigil.test`; `silent.vigil.test` never answers. */
async function stubServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message)
    const question = query.questions?.[0]
    if (!question || question.name === 'silent.vigil.test') return
    const answers: dnsPacket.Answer[] = []
    if (question.name === 'www.vigil.test' && question.type === 'A') {
      answers.push(
        { type: 'A', name: question.name, ttl: 60, data: '192.0.2.10' },
        { type: 'A', name: question.name, ttl: 60, data: '192.0.2.11' },
      )
    }
    if (question.name === 'www.vigil.test' && question.type === 'AAAA')
      answers.push({ type: 'AAAA', name: question.name, ttl: 60, data: '2001:db8::10' })
    if (question.name === 'vigil.test' && question.type === 'MX')
      answers.push({ type: 'MX', name: question.name, ttl: 60, data: { preference: 10, exchange: 'mail.vigil.test' } })
    const known = question.name === 'www.vigil.test' || question.name === 'vigil.test'
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (known ? 0 : 3), // rcode 3: NXDOMAIN
      questions: query.questions,
      answers,
    })
    socket.send(response, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, LOOPBACK, resolve))
  return { port: socket.address().port, close: () => new Promise((resolve) => socket.close(() => resolve())) }
}

// SPEC §3 agentless check dns; issue 3: resolve against a given server:port, expected address, time perfdata.
describe('dns check', () => {
  let server: Awaited<ReturnType<typeof stubServer>>
  const run = (config: Omit<z.input<typeof DnsConfig>, 'port'>, timeoutMs = 2000) =>
    runCheck(dns, dns.config.parse({ ...config, port: server.port }), { timeoutMs, address: LOOPBACK })
  beforeAll(async () => {
    server = await stubServer()
  })
  afterAll(() => server.close())

  it('resolves an A record through the host as DNS server, with time perfdata', async () => {
    const result = await run({ name: 'www.vigil.test' })
    expect(result.status).toBe(0)
    expect(result.output).toMatch(/^DNS OK - [\d.]+ seconds response time, www\.vigil\.test A returns 192\.0\.2\.10, 192\.0\.2\.11$/)
    expect(result.perfdata).toEqual([expect.objectContaining({ label: 'time', unit: 's' })])
  })

  it('is OK when the expected addresses are among the answers and CRITICAL when one is missing', async () => {
    expect((await run({ name: 'www.vigil.test', expect: ['192.0.2.11'] })).status).toBe(0)
    const result = await run({ name: 'www.vigil.test', expect: ['192.0.2.10', '192.0.2.99'] })
    expect(result.status).toBe(2)
    expect(result.output).toBe('DNS CRITICAL - expected 192.0.2.99 but www.vigil.test returns 192.0.2.10, 192.0.2.11')
  })

  it('resolves other record types', async () => {
    expect((await run({ name: 'www.vigil.test', record_type: 'AAAA', expect: ['2001:db8::10'] })).status).toBe(0)
    const mx = await run({ name: 'vigil.test', record_type: 'MX', expect: ['10 mail.vigil.test.'] })
    expect(mx.status).toBe(0)
    expect(mx.output).toContain('vigil.test MX returns 10 mail.vigil.test')
  })

  it('is CRITICAL for a name the server does not know', async () => {
    const result = await run({ name: 'nope.vigil.test' })
    expect(result).toEqual({
      status: 2,
      output: `DNS CRITICAL - ${LOOPBACK}:${server.port} for nope.vigil.test A: domain not found (NXDOMAIN)`,
      perfdata: [],
    })
  })

  it('is CRITICAL when the server does not answer in time', async () => {
    const result = await run({ name: 'silent.vigil.test' }, 300)
    expect(result.status).toBe(2)
    expect(result.output).toMatch(new RegExp(`^DNS CRITICAL - .*${LOOPBACK}:${server.port}.*silent\\.vigil\\.test A`))
    expect(result.output).toMatch(/timed out after 0\.3 s|no answer/)
  })
})
