/**
 * Issue 15 Settings "thresholds": an organization's default warning/critical per check kind (SPEC §5 Thresholds:
 * critical above warning when higher is worse, below it when lower is worse; memory as percent used or MB free),
 * changed with host_write (SPEC §6), audited, and applied by the engine to checks that set none of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { addMember, adminClient, makeTenant, uniq, type Client, type Tenant } from '../helpers/api'
import { LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

describe.each(DATABASES)('organization thresholds, on %s', (db) => {
  let server: TestServer
  let admin: Client
  let a: Tenant
  let b: Tenant
  let operator: Client
  let listener: Listening
  const url = (t: Tenant) => `/api/v1/organizations/${t.organizationId}/settings/thresholds`
  const stored = async () => server.vigil.store.db.selectFrom('organization_settings').selectAll().orderBy('organization_id').execute()

  beforeAll(async () => {
    server = await startServer({ db, env: { VIGIL_ENGINE: '1' } })
    admin = await adminClient(server)
    a = await makeTenant(server, admin, 'engineer')
    b = await makeTenant(server, admin, 'administrator')
    operator = await addMember(server, a, 'operator')
    listener = await tcpServer((socket) => socket.end())
  })
  afterAll(async () => {
    await listener.close()
    await server.close()
  })

  it('reads the defaults (none set) and keeps what an engineer saves', async () => {
    expect((await a.api.get(url(a))).body).toEqual({
      response_time_s: {},
      ping_rta_ms: null,
      ping_loss_pct: null,
      memory: null,
      cpu_util_pct: null,
    })
    const body = {
      response_time_s: { tcp: { warning: 1, critical: 2 }, https: { warning: 0.5, critical: 4 } },
      ping_rta_ms: { warning: 100, critical: 200 },
      ping_loss_pct: { warning: 20, critical: 60 },
      memory: { unit: 'mb_free', warning: 512, critical: 128 },
      cpu_util_pct: { warning: 90, critical: 95 },
    }
    const r = await a.api.put(url(a), body)
    expect([r.status, r.body]).toEqual([200, body])
    expect((await a.api.get(url(a))).body).toEqual(body)
  })

  it('answers validation_failed naming the pair when critical is not beyond warning, each way, and writes nothing', async () => {
    const before = await stored()
    const cases: [unknown, string, string][] = [
      [{ response_time_s: { tcp: { warning: 2, critical: 1 } } }, 'body.response_time_s.tcp.critical', 'critical_must_be_higher'],
      [{ ping_rta_ms: { warning: 100, critical: 100 } }, 'body.ping_rta_ms.critical', 'critical_must_be_higher'],
      [{ memory: { unit: 'percent_used', warning: 90, critical: 80 } }, 'body.memory.critical', 'critical_must_be_higher'],
      [{ memory: { unit: 'mb_free', warning: 128, critical: 512 } }, 'body.memory.critical', 'critical_must_be_lower'],
      [{ cpu_util_pct: { warning: 95, critical: 90 } }, 'body.cpu_util_pct.critical', 'critical_must_be_higher'],
    ]
    for (const [body, field, rule] of cases) {
      const r = await a.api.put(url(a), body)
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field, issues: [{ field, message: rule }] } })
    }
    for (const body of [
      { ping_loss_pct: { warning: 50, critical: 101 } },
      { response_time_s: { smtp: { warning: -1, critical: 1 } } },
      { memory: { unit: 'gb', warning: 1, critical: 2 } },
      { cpu_util_pct: { warning: 90, critical: 120 } },
    ]) {
      const r = await a.api.put(url(a), body)
      expect([r.status, r.body.error?.key]).toEqual([400, 'validation_failed'])
    }
    expect(await stored()).toEqual(before)
  })

  it('refuses a user without host_write, and hides the organization from another one', async () => {
    const before = await stored()
    expect((await operator.get(url(a))).status).toBe(200)
    const refused = await operator.put(url(a), { ping_rta_ms: { warning: 1, critical: 2 } })
    expect([refused.status, refused.body.error.key]).toEqual([403, 'unauthorized'])
    for (const r of [await b.api.get(url(a)), await b.api.put(url(a), {})])
      expect([r.status, r.body.error.key]).toEqual([404, 'organization_not_found'])
    expect(await stored()).toEqual(before)
  })

  it('writes an audit event with before and after', async () => {
    await a.api.put(url(a), { response_time_s: { dns: { warning: 1, critical: 3 } } })
    const events = await server.vigil.store.db
      .selectFrom('events')
      .select(['status', 'extra_data', 'organization_id'])
      .where('type', '=', 'audit_log')
      .where('event_class', '=', 'thresholds_audit')
      .where('organization_id', '=', a.organizationId)
      .orderBy('id', 'desc')
      .execute()
    expect(events[0].status).toBe('UPDATED')
    expect(JSON.parse(events[0].extra_data).after.response_time_s).toEqual({ dns: { warning: 1, critical: 3 } })
  })

  it("turns a running check without thresholds of its own from OK to CRITICAL when its organization's change", async () => {
    await a.api.put(url(a), {})
    // A server admin's loopback host: trusted, so the target policy lets the engine reach the test's listener.
    const host = (
      await admin.post('/api/v1/hosts/', { name: uniq('local'), hostgroup_id: a.environmentId, ip_address: LOOPBACK, check_type: '1' })
    ).body
    const res = (
      await admin.post('/api/v1/resources/', {
        host_id: host.id,
        name: 'port',
        max_check_attempts: 1,
        check: { kind: 'tcp', config: { port: listener.port } },
      })
    ).body
    const output = async (previous?: string) => {
      for (let i = 0; i < 200; i++) {
        const r = (await a.api.get(`/api/v1/resources/${res.id}`)).body
        if (r.state !== 'pending' && r.plugin_output !== previous) return r as { state: string; plugin_output: string }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`the check never ran: ${JSON.stringify((await a.api.get(`/api/v1/resources/${res.id}`)).body)}`)
    }
    const first = await output()
    expect(first.state).toBe('ok')
    // Any connection takes longer than a microsecond.
    expect((await a.api.put(url(a), { response_time_s: { tcp: { warning: 0, critical: 0.000001 } } })).status).toBe(200)
    expect((await a.api.post(`/api/v1/resources/${res.id}/reschedule`, {})).status).toBe(200)
    const second = await output(first.plugin_output)
    expect([second.state, second.plugin_output]).toEqual(['critical', expect.stringContaining('TCP CRITICAL')])
    // The check's own thresholds win over the organization's.
    expect(
      (await admin.put(`/api/v1/resources/${res.id}`, { check: { kind: 'tcp', config: { port: listener.port, warn_s: 5, crit_s: 10 } } }))
        .status,
    ).toBe(200)
    expect((await a.api.post(`/api/v1/resources/${res.id}/reschedule`, {})).status).toBe(200)
    expect((await output(second.plugin_output)).state).toBe('ok')
  })
})
