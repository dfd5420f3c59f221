/**
 * Issue 13 "fair scheduler" (review M7): one organization's slow checks (here against a listener that
 * accepts and never answers, as a black-holed address would hold them until their timeout) must not delay
 * another organization's checks. Real engine, real sockets on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'
import { adminClient, makeTenant, type Client, type Tenant } from '../helpers/api'
import { tcpServer, type Listening } from '../fixtures/loopback'

describe('fair scheduler (sqlite)', () => {
  const CONCURRENCY = 32
  let server: TestServer
  let admin: Client
  let a: Tenant
  let b: Tenant
  let hang: Listening
  let fast: Listening
  beforeAll(async () => {
    hang = await tcpServer(() => {})
    fast = await tcpServer((s) => s.end())
    server = await startServer({ env: { VIGIL_ENGINE: '1' }, engine: { concurrency: CONCURRENCY, timeoutMs: 8000, workers: 0 } })
    admin = await adminClient(server)
    a = await makeTenant(server, admin)
    b = await makeTenant(server, admin)
    // Both organizations may reach loopback (issue 13 allowed targets: server admins set them).
    await server.vigil.store.db
      .updateTable('organizations')
      .set({ allowed_targets: JSON.stringify({ networks: ['127.0.0.0/8'], names: [] }) })
      .where('id', 'in', [a.organizationId, b.organizationId])
      .execute()
  })
  afterAll(async () => {
    await server.close()
    await hang.close()
    await fast.close()
  })

  const host = async (t: Tenant, name: string, extra: Record<string, unknown>) => {
    const r = await admin.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, ip_address: '127.0.0.1', ...extra })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return r.body.id as number
  }

  it("runs another organization's check on time while one organization's checks hang", async () => {
    const slowHost = await host(a, 'fair-slow', { check_type: '1' })
    for (let i = 0; i < 2 * CONCURRENCY; i++) {
      const r = await admin.post('/api/v1/resources/', {
        host_id: slowHost,
        name: `hang-${i}`,
        check: { kind: 'http', config: { port: hang.port } },
        check_type: '0',
        check_interval: 10,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(201)
    }
    // Organization a's checks now hold the slots, each for its whole 8 s timeout.
    for (let i = 0; i < 100 && server.vigil.engine.inFlight < CONCURRENCY - 2; i++) await new Promise((r) => setTimeout(r, 50))
    expect(server.vigil.engine.inFlight).toBeGreaterThanOrEqual(CONCURRENCY - 2)

    const created = Date.now()
    const id = await host(b, 'fair-fast', { check: { kind: 'tcp', config: { port: fast.port } }, check_interval: 60 })
    let state = 'pending'
    while (state !== 'up' && Date.now() - created < 10_000) {
      await new Promise((r) => setTimeout(r, 50))
      state = (await b.api.get(`/api/v1/hosts/${id}`)).body.state
    }
    expect(state).toBe('up')
    // On time: well before any of a's checks gives up (8 s).
    expect(Date.now() - created).toBeLessThan(5000)
  }, 30_000)
})
