/**
 * Issue 13 "Targets" (review M1): a check no server admin saved resolves its target, judges every address
 * and only then connects; loopback (and every other always-denied address) is refused without a packet
 * sent. Real servers on loopback count what reaches them. A server admin's check (policy null) still works.
 */
import dgram from 'node:dgram'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { checkKinds, runCheck, type CheckKindName } from '../../src/server/engine/checks'
import { createCheckPool } from '../../src/server/engine/pool'
import { listen, LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'
import type { AllowedTargets } from '../../src/shared/api/quotas'

const TENANT: AllowedTargets = { networks: [], names: [] }
const run = (kind: CheckKindName, config: unknown, policy: AllowedTargets | null, address = LOOPBACK) =>
  runCheck(checkKinds[kind] as never, checkKinds[kind].config.parse(config), {
    timeoutMs: 2000,
    address,
    policy,
    secrets: { snmp_community: 'public' },
  })

/** A UDP socket on loopback that counts the datagrams it receives (DNS server, SNMP agent). */
async function udpCounter(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  const socket = dgram.createSocket('udp4')
  let n = 0
  socket.on('message', () => n++)
  await new Promise<void>((resolve) => socket.bind(0, LOOPBACK, resolve))
  return { port: socket.address().port, received: () => n, close: () => new Promise((resolve) => socket.close(() => resolve())) }
}

/**
 * Opens a connection of our own to `port` and waits until `count` has seen it. A connection the check had
 * opened before would have been accepted first, so afterwards `count` is exact.
 */
async function ownConnection(port: number, count: () => number) {
  const seen = count()
  const socket = net.connect(port, LOOPBACK)
  await vi.waitFor(() => expect(count()).toBeGreaterThan(seen))
  socket.destroy()
}

/** Sends a datagram of our own to each counter and waits until it arrived, as `ownConnection` for UDP. */
async function ownDatagram(...counters: { port: number; received: () => number }[]) {
  const socket = dgram.createSocket('udp4')
  const seen = counters.map((c) => c.received())
  for (const c of counters) socket.send('mark', c.port, LOOPBACK)
  await vi.waitFor(() => expect(counters.map((c, i) => c.received() > seen[i])).toEqual(counters.map(() => true)))
  socket.close()
}

describe('check targets of untrusted checks', () => {
  let tcp: Listening
  let web: Listening
  let tcpConnections = 0
  let webRequests = 0
  beforeAll(async () => {
    tcp = await tcpServer((socket) => {
      tcpConnections++
      socket.write('220 ready\r\n')
    })
    const server = http.createServer((_req, res) => res.end('ok'))
    server.on('connection', () => webRequests++)
    web = await listen(server)
  })
  afterAll(async () => {
    await tcp.close()
    await web.close()
  })

  it('refuses a tcp check to 127.0.0.1 and the loopback server sees no connection', async () => {
    const before = tcpConnections
    const result = await run('tcp', { port: tcp.port, send: 'PING\r\n' }, TENANT)
    expect(result).toEqual({
      status: 3,
      output: 'TCP UNKNOWN - target 127.0.0.1 is not allowed for this organization (loopback)',
      perfdata: [],
    })
    await ownConnection(tcp.port, () => tcpConnections)
    expect(tcpConnections).toBe(before + 1)
  })

  it('refuses an http check to 127.0.0.1 and the loopback server sees no request', async () => {
    const before = webRequests
    const result = await run('http', { host: LOOPBACK, port: web.port }, TENANT)
    expect(result.status).toBe(3)
    expect(result.output).toBe('HTTP UNKNOWN - target 127.0.0.1 is not allowed for this organization (loopback)')
    await ownConnection(web.port, () => webRequests)
    expect(webRequests).toBe(before + 1)
  })

  it('refuses a name that resolves to loopback (localhost), with the address it resolved to', async () => {
    const before = webRequests + tcpConnections
    const viaHttp = await run('http', { port: web.port }, TENANT, 'localhost')
    expect(viaHttp.status).toBe(3)
    expect(viaHttp.output).toMatch(
      /^HTTP UNKNOWN - target localhost \((127\.0\.0\.1|::1)\) is not allowed for this organization \(loopback\)$/,
    )
    expect((await run('smtp', { port: tcp.port }, TENANT, 'localhost')).output).toMatch(
      /^SMTP UNKNOWN - target localhost .* is not allowed/,
    )
    await ownConnection(web.port, () => webRequests)
    await ownConnection(tcp.port, () => tcpConnections)
    expect(webRequests + tcpConnections).toBe(before + 2)
  })

  it('refuses IPv4-mapped loopback and cloud metadata addresses', async () => {
    expect((await run('tcp', { host: '::ffff:127.0.0.1', port: tcp.port }, TENANT)).output).toBe(
      'TCP UNKNOWN - target ::ffff:127.0.0.1 is not allowed for this organization (loopback)',
    )
    expect((await run('http', { host: '169.254.169.254', port: 80 }, TENANT)).output).toBe(
      'HTTP UNKNOWN - target 169.254.169.254 is not allowed for this organization (link-local or cloud metadata)',
    )
  })

  it('refuses the DNS server and the SNMP agent of untrusted checks: nothing is sent to them', async () => {
    const dnsServer = await udpCounter()
    const agent = await udpCounter()
    try {
      const asked = await run('dns', { name: 'www.vigil.test', server: LOOPBACK, port: dnsServer.port }, TENANT)
      expect(asked.output).toBe('DNS UNKNOWN - target 127.0.0.1 is not allowed for this organization (loopback)')
      const polled = await run('snmp', { oid: '1.3.6.1.2.1.1.3.0', port: agent.port }, TENANT)
      expect(polled.output).toBe('SNMP UNKNOWN - target 127.0.0.1 is not allowed for this organization (loopback)')
      await ownDatagram(dnsServer, agent)
      expect([dnsServer.received(), agent.received()]).toEqual([1, 1])
    } finally {
      await dnsServer.close()
      await agent.close()
    }
  })

  it('refuses to ping loopback', async () => {
    expect((await run('ping', { packets: 1 }, TENANT)).output).toBe(
      'PING UNKNOWN - target 127.0.0.1 is not allowed for this organization (loopback)',
    )
  })

  it('refuses a name outside the allowed name patterns before resolving it', async () => {
    const result = await run('tcp', { host: 'db.elsewhere.test', port: 5432 }, { networks: [], names: ['*.example.com'] })
    expect(result.output).toBe(
      "TCP UNKNOWN - target db.elsewhere.test is not allowed for this organization (not among the organization's allowed names)",
    )
  })

  it("lets a server admin's check (no policy) reach loopback as before", async () => {
    const before = tcpConnections
    const result = await run('tcp', { port: tcp.port, expect: '220' }, null)
    expect(result.status).toBe(0)
    expect(tcpConnections).toBe(before + 1)
    expect((await run('http', { port: web.port }, null, 'localhost')).status).toBe(0)
  })

  it('carries the policy into the worker threads', async () => {
    const pool = createCheckPool({ size: 1, onError: () => {} })
    try {
      const before = tcpConnections
      const [denied, trusted] = await Promise.all([
        pool.run('tcp', { port: tcp.port }, { timeoutMs: 2000, address: LOOPBACK, policy: TENANT }),
        pool.run('tcp', { port: tcp.port }, { timeoutMs: 2000, address: LOOPBACK, policy: null }),
      ])
      expect(pool.threads).toBe(1)
      expect(denied.output).toBe('TCP UNKNOWN - target 127.0.0.1 is not allowed for this organization (loopback)')
      expect(trusted.status).toBe(0)
      expect(tcpConnections).toBe(before + 1)
    } finally {
      await pool.stop()
    }
  })
})
