/**
 * How results are written (src/server/engine/ingest.ts): a result that changes nothing but output, perfdata
 * and times takes the short write, and nothing a user sees is lost by it (SPEC §3 Resource state fields,
 * SPEC §4 soft/hard, SPEC §3 is_stale). Against the real database, SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { adminClient, makeTenant, type Tenant } from '../helpers/api'
import { feed } from '../helpers/feed'
import type { FeedDelta } from '../../src/shared/feed'
import type { CheckResult } from '../../src/server/engine/checks'
import { perfItem } from '../../src/shared/perfdata'

const ok = (ms: number): CheckResult => ({
  status: 0,
  output: `TCP OK - 0.00${ms} second response time`,
  perfdata: [perfItem('time', ms / 1000, 's', { min: 0 })],
})
const critical: CheckResult = { status: 2, output: 'TCP CRITICAL - Connection refused', perfdata: [] }

describe.each(DATABASES)('result writes on %s', (db) => {
  let server: TestServer
  let tenant: Tenant
  let hostId: number
  beforeAll(async () => {
    server = await startServer({ db })
    tenant = await makeTenant(server, await adminClient(server))
    hostId = (await tenant.api.post('/api/v1/hosts/', { name: 'writes-host', hostgroup_id: tenant.environmentId, check_type: '1' })).body.id
  })
  afterAll(() => server.close())

  const resource = async (name: string, maxAttempts: number) =>
    (await tenant.api.post('/api/v1/resources/', { host_id: hostId, name, check_type: '1', max_check_attempts: maxAttempts })).body
      .id as number
  const submit = (id: number, ...results: [CheckResult, number][]) =>
    server.vigil.engine.submit(results.map(([result, at]) => ({ type: 'resource' as const, id, result, at })))
  const row = (id: number) => server.vigil.store.db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const events = (id: number) =>
    server.vigil.store.db
      .selectFrom('events')
      .select(['status', 'state_type'])
      .where('resource_id', '=', id)
      .where('type', '<>', 'audit_log')
      .orderBy('id')
      .execute()

  it('writes the output, perfdata and times of an unchanged state, and keeps when the state began', async () => {
    const id = await resource('steady', 3)
    const t0 = 1_800_000_000
    await submit(id, [ok(1), t0])
    await submit(id, [ok(2), t0 + 60])
    await submit(id, [ok(3), t0 + 120])
    const r = await row(id)
    expect(r).toMatchObject({
      state: 'ok',
      state_type: 'HARD',
      current_attempt: 1,
      plugin_output: 'TCP OK - 0.003 second response time',
      last_check: t0 + 120,
      last_state_change: t0,
      has_graph: 1,
    })
    expect(JSON.parse(r.perfdata)[0]).toMatchObject({ label: 'time', value: 0.003 })
    expect(JSON.parse(r.state_history)).toEqual([0, 0, 0])
    expect(await events(id)).toEqual([])
  })

  it('writes a change after unchanged results in full, with its timeline event (SPEC §4 soft/hard)', async () => {
    const id = await resource('changes', 2)
    const t0 = 1_800_001_000
    await submit(id, [ok(1), t0])
    await submit(id, [ok(2), t0 + 60])
    await submit(id, [critical, t0 + 120])
    expect(await row(id)).toMatchObject({
      state: 'critical',
      state_type: 'SOFT',
      current_attempt: 1,
      last_state_change: t0 + 120,
      plugin_output: critical.output,
    })
    await submit(id, [critical, t0 + 180])
    expect(await row(id)).toMatchObject({
      state: 'critical',
      state_type: 'HARD',
      current_attempt: 2,
      last_state_change: t0 + 120,
      last_hard_state_change: t0 + 180,
    })
    expect(await events(id)).toEqual([
      { status: 'critical', state_type: 'SOFT' },
      { status: 'critical', state_type: 'HARD' },
    ])
  })

  it('writes the last of several results of one batch, and the change among them', async () => {
    const id = await resource('same-batch', 3)
    const t0 = 1_800_002_000
    // One call, one write: the first result of a new resource (a change), then an unchanged one.
    await submit(id, [ok(1), t0], [ok(2), t0 + 60])
    expect(await row(id)).toMatchObject({
      state: 'ok',
      last_state_change: t0,
      last_check: t0 + 60,
      plugin_output: ok(2).output,
      has_graph: 1,
    })
    // An unchanged result, then a problem: the problem is what stays.
    await submit(id, [ok(3), t0 + 120], [critical, t0 + 180])
    expect(await row(id)).toMatchObject({
      state: 'critical',
      state_type: 'SOFT',
      last_state_change: t0 + 180,
      last_check: t0 + 180,
      plugin_output: critical.output,
      perfdata: '[]',
    })
    expect(await events(id)).toEqual([{ status: 'critical', state_type: 'SOFT' }])
  })

  it("keeps a series' unit and thresholds as the latest result states them", async () => {
    const id = await resource('thresholds', 3)
    const t0 = 1_800_004_000
    const disk = (warn: number, at: number): [CheckResult, number] => [
      { status: 0, output: 'DISK OK', perfdata: [perfItem('/', 50, '%', { warn: { start: 0, end: warn, inside: false } })] },
      at,
    ]
    const stored = () => server.vigil.store.db.selectFrom('perf_series').select(['unit', 'warn']).where('resource_id', '=', id).execute()
    await submit(id, disk(80, t0))
    await submit(id, disk(80, t0 + 60))
    expect(await stored()).toEqual([{ unit: '%', warn: JSON.stringify({ start: 0, end: 80, inside: false }) }])
    await submit(id, disk(70, t0 + 120))
    expect(await stored()).toEqual([{ unit: '%', warn: JSON.stringify({ start: 0, end: 70, inside: false }) }])
  })

  it('clears is_stale with a result that changes nothing else (SPEC §3 is_stale)', async () => {
    const id = await resource('stale', 3)
    const t0 = 1_800_003_000
    await submit(id, [ok(1), t0])
    // As the stale sweep leaves it: flagged in the database and in the engine.
    await server.vigil.store.db.updateTable('resources').set({ is_stale: 1 }).where('id', '=', id).execute()
    server.vigil.engine.targets.get(`r:${id}`)!.isStale = true
    await submit(id, [ok(2), t0 + 60])
    expect(await row(id)).toMatchObject({ is_stale: 0, state: 'ok', last_check: t0 + 60 })
  })

  it('gives each change of one batch the id of its own timeline event in the feed (SPEC §3 Timeline event)', async () => {
    const ids = [await resource('batch-a', 1), await resource('batch-b', 1), await resource('batch-c', 1)]
    const t0 = 1_800_005_000
    for (const id of ids) await submit(id, [ok(1), t0])
    const live = await feed(server, tenant)
    live.send({ op: 'subscribe', topics: [`environment:${tenant.environmentId}`] })
    await live.next((m) => 'op' in m && m.op === 'subscribed')
    // One write: a change, an unchanged result, a change (hard at once), mixed between resources.
    await server.vigil.engine.submit([
      { type: 'resource', id: ids[0], result: critical, at: t0 + 60 },
      { type: 'resource', id: ids[1], result: ok(2), at: t0 + 60 },
      { type: 'resource', id: ids[2], result: { ...critical, status: 1, output: 'TCP WARNING' }, at: t0 + 60 },
    ])
    const changed = [ids[0], ids[2]]
    for (const id of changed) await live.next((m) => 'kind' in m && m.kind === 'event' && m.resource_id === id)
    const sent = live.seen.filter((m): m is Extract<FeedDelta, { kind: 'event' }> => 'kind' in m && m.kind === 'event')
    live.close()
    const stored = await server.vigil.store.db
      .selectFrom('events')
      .select(['id', 'resource_id', 'status', 'message'])
      .where('resource_id', 'in', ids)
      .where('start_time', '=', t0 + 60)
      .orderBy('id')
      .execute()
    expect(stored.map((e) => [e.resource_id, e.status])).toEqual([
      [ids[0], 'critical'],
      [ids[2], 'warning'],
    ])
    expect(sent.map((d) => [d.id, d.resource_id, d.status, d.message])).toEqual(
      stored.map((e) => [e.id, e.resource_id, e.status, e.message]),
    )
  })

  it("keeps each collector's asset rows its own, and writes an unchanged certificate again only after a day", async () => {
    const [cert, scan] = [await resource('certificate', 1), await resource('scan', 1)]
    const certificate = (fingerprint: string): CheckResult => ({
      ...ok(1),
      inventory: { ssl_info: [{ port: 443, fingerprint_sha256: fingerprint }] },
    })
    const assets = () =>
      server.vigil.store.db
        .selectFrom('host_asset_rows')
        .select(['resource_id', 'section', 'rows', 'updated_at'])
        .where('resource_id', 'in', [cert, scan])
        .orderBy('resource_id')
        .execute()
    const t0 = 1_800_003_000
    await submit(cert, [certificate('AA'), t0])
    await submit(scan, [{ ...ok(1), inventory: { open_ports: [{ port: 22 }] } }, t0])
    await submit(cert, [certificate('AA'), t0 + 60])
    const sslInfo = (fingerprint: string, at: number) => ({
      resource_id: cert,
      section: 'ssl_info',
      rows: `[{"port":443,"fingerprint_sha256":"${fingerprint}"}]`,
      updated_at: at,
    })
    const openPorts = { resource_id: scan, section: 'open_ports', rows: '[{"port":22}]', updated_at: t0 }
    expect(await assets()).toEqual([sslInfo('AA', t0), openPorts])
    // A new certificate is written at once; the scan's rows stay.
    await submit(cert, [certificate('BB'), t0 + 120])
    expect(await assets()).toEqual([sslInfo('BB', t0 + 120), openPorts])
    // The same one a day later is written again, so "collected" stays true to the day.
    await submit(cert, [certificate('BB'), t0 + 120 + 86_400])
    expect(await assets()).toEqual([sslInfo('BB', t0 + 120 + 86_400), openPorts])
  })
})
