/** GET events and events/{id} (SPEC §7 Events, §3 Timeline event, §4 Timeline, §9 Event filters) on the real server. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Insertable } from 'kysely'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, type Tenant } from '../helpers/api'
import type { EventTable } from '../../src/server/store/db'
import { EVENTS_COUNT_CAP } from '../../src/shared/api/events'

const T = Math.floor(Date.now() / 1000)

/** The SPEC §3 Timeline event fields every event carries. */
const SPEC_FIELDS = [
  'id',
  'type',
  'event_class',
  'subject_name',
  'host_name',
  'start_time',
  'end_time',
  'display_time',
  'display_day',
  'index',
  'status',
  'is_flapping',
  'data',
  'message',
  'comment',
  'is_flexible',
  'duration',
  'user_full_name',
  'username',
  'ticket_id',
  'solution',
  'contact',
  'command',
  'action',
  'extra_data',
  'name',
  'version',
  'user',
  'user_organization',
  'user_email',
  'hostgroup_id',
]

describe.each(DATABASES)('events on %s', (db) => {
  const {
    server,
    admin,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let ids: Record<string, number>
  let host: { id: number; name: string }
  let host2: { id: number; name: string }
  let resourceId: number
  let secondEnvironmentId: number

  const insert = async (e: Partial<Insertable<EventTable>> & Record<string, unknown>) => {
    const row = {
      type: 'state_change',
      event_class: 'host_event',
      start_time: e.display_time ?? T,
      display_time: T,
      ...e,
    } as Insertable<EventTable>
    return (await server.vigil.store.db.insertInto('events').values(row).returning('id').executeTakeFirstOrThrow()).id
  }
  const list = async (t: Tenant, query: string) => {
    const r = await t.api.get(`/api/v1/events?${query}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body as { result: any[]; totalresults: number; limited: boolean }
  }
  /** The fixture names of the events a query returns, in order. */
  const names = async (t: Tenant, query: string) => {
    const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]))
    return (await list(t, query)).result.map((e) => byId.get(e.id) ?? e.id)
  }
  const bad = async (query: string) => {
    const r = await a.api.get(`/api/v1/events?${query}`)
    return [r.status, r.body.error?.key, r.body.error?.extra_info?.field]
  }

  beforeAll(async () => {
    // The start's own system events (issue 5, tests/api/system-events.test.ts) would show on these
    // administrators' timelines: this suite's timeline holds its fixtures only.
    await server.vigil.store.db.deleteFrom('events').where('type', '=', 'system').where('hostgroup_id', 'is', null).execute()
    // A second environment of a's organization: a's timeline then merges two environments.
    secondEnvironmentId = (await admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: a.organizationId })).body.id
    const mk = async (name: string) => ({
      id: (await a.api.post('/api/v1/hosts/', { name, hostgroup_id: a.environmentId, check_type: '1', max_check_attempts: 2 })).body
        .id as number,
      name,
    })
    host = await mk(uniq('ev-host'))
    host2 = await mk(uniq('ev-other'))
    resourceId = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'disk', check_type: '1', max_check_attempts: 2 })).body
      .id
    // So are the audit events of those changes (issue 13, tests/api/audit.test.ts).
    await server.vigil.store.db.deleteFrom('events').where('type', '=', 'audit_log').execute()
    const user = await server.vigil.store.db.selectFrom('users').select('id').where('username', '=', a.username).executeTakeFirstOrThrow()
    await server.vigil.store.db
      .updateTable('users')
      .set({ email: 'olga@example.com', first_name: 'Olga' })
      .where('id', '=', user.id)
      .execute()
    const env = { hostgroup_id: a.environmentId }
    const onHost = { ...env, host_id: host.id, host_name: host.name, subject_name: host.name }
    const onResource = {
      ...env,
      host_id: host.id,
      resource_id: resourceId,
      host_name: host.name,
      subject_name: 'disk',
      event_class: 'resource_check_event',
    }
    ids = {
      risk: await insert({
        ...env,
        type: 'ticket',
        event_class: 'risk_event',
        subject_name: 'OpenSSL',
        risk_id: 7,
        risk_plugin_id: '19506',
        display_time: T - 6000,
      }),
      soft: await insert({ ...onHost, status: 'down', state_type: 'SOFT', message: 'PING CRITICAL', display_time: T - 5000 }),
      hard: await insert({ ...onHost, status: 'DOWN', state_type: 'HARD', message: 'PING CRITICAL', display_time: T - 4000 }),
      flapping: await insert({
        ...onResource,
        status: 'critical',
        state_type: 'HARD',
        is_flapping: 1,
        message: 'DISK CRITICAL - 97% used',
        display_time: T - 3000,
      }),
      ack: await insert({
        ...onResource,
        type: 'acknowledgement',
        status: 'added',
        comment: 'looking into it',
        user_id: user.id,
        username: a.username,
        user_full_name: 'Olga',
        display_time: T - 2000,
      }),
      other: await insert({
        ...env,
        host_id: host2.id,
        host_name: host2.name,
        subject_name: host2.name,
        status: 'up',
        state_type: 'HARD',
        display_time: T - 1000,
      }),
      ticket: await insert({
        ...onResource,
        type: 'ticket',
        status: 'created',
        ticket_id: 'SD-1',
        extra_data: JSON.stringify({ action: 'create', contact: 'desk' }),
        display_time: T - 500,
      }),
      stopped: await insert({
        ...onHost,
        type: 'downtime',
        status: 'STOPPED',
        start_time: T + 3600,
        end_time: T + 7200,
        display_time: T + 3600,
      }),
      upcoming: await insert({
        ...onHost,
        type: 'downtime',
        status: 'SCHEDULED',
        start_time: T + 86400,
        end_time: T + 90000,
        is_flexible: 1,
        duration: 1800,
        comment: 'patching',
        display_time: T + 86400,
      }),
    }
    ids.foreign = await insert({
      hostgroup_id: b.environmentId,
      subject_name: 'b-host',
      status: 'down',
      state_type: 'HARD',
      display_time: T - 100,
    })
  })

  it('lists what the caller may see, newest display_time first, with the SPEC §3 fields (SPEC §3, §7)', async () => {
    const body = await list(a, 'limit=50')
    expect(await names(a, 'limit=50')).toEqual(['upcoming', 'stopped', 'ticket', 'other', 'ack', 'flapping', 'hard', 'soft', 'risk'])
    expect(body.totalresults).toBe(9)
    expect(body.limited).toBe(false)
    for (const e of body.result) for (const f of SPEC_FIELDS) expect(e, f).toHaveProperty(f)
    expect(body.result.map((e) => e.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(await names(b, '')).toEqual(['foreign'])
  })

  it('shows state events lowercased with HARD/SOFT, and maintenance with its flexible duration (SPEC §4, §3)', async () => {
    const byId = new Map((await list(a, 'limit=50')).result.map((e) => [e.id, e]))
    expect(byId.get(ids.hard)).toMatchObject({ status: 'down', state_type: 'HARD', data: { state: 'down', state_type: 'HARD' } })
    expect(byId.get(ids.soft)).toMatchObject({ status: 'down', state_type: 'SOFT' })
    expect(byId.get(ids.upcoming)).toMatchObject({
      type: 'downtime',
      status: 'SCHEDULED',
      is_flexible: true,
      duration: 1800,
      comment: 'patching',
      data: { status: 'SCHEDULED' },
    })
    expect(byId.get(ids.ticket)).toMatchObject({
      ticket_id: 'SD-1',
      action: 'create',
      contact: 'desk',
      solution: null,
      extra_data: { action: 'create', contact: 'desk' },
    })
    expect(byId.get(ids.hard)).toMatchObject({
      ticket_id: null,
      is_flexible: false,
      duration: null,
      display_day: new Date((T - 4000) * 1000).toISOString().slice(0, 10),
    })
  })

  it('pages with offset and limit, at most 1000 per page (SPEC §7, §9 timeline events limit)', async () => {
    const page = await list(a, 'limit=3&offset=3')
    expect(page.result.map((e) => e.id)).toEqual([ids.other, ids.ack, ids.flapping])
    expect(page.result.map((e) => e.index)).toEqual([3, 4, 5])
    expect(page.totalresults).toBe(9)
    expect((await list(a, 'limit=0')).result).toEqual([])
    expect(await bad('limit=1001')).toEqual([400, 'validation_failed', 'querystring.limit'])
    expect(await bad('offset=-1')).toEqual([400, 'validation_failed', 'querystring.offset'])
  })

  it('bounds display_time with start_time and end_time (SPEC §7)', async () => {
    expect(await names(a, `start_time=${T - 4000}&end_time=${T - 1000}`)).toEqual(['other', 'ack', 'flapping', 'hard'])
    expect(await names(a, `start_time=${T}`)).toEqual(['upcoming', 'stopped'])
    expect(await bad(`start_time=${T}&end_time=${T - 1}`)).toEqual([400, 'validation_failed', 'querystring.start_time'])
    expect(await bad('start_time=yesterday')).toEqual([400, 'validation_failed', 'querystring.start_time'])
  })

  it('leaves out upcoming events with no_future_events: a future STOPPED maintenance is past (SPEC §4 Timeline)', async () => {
    const past = await names(a, 'no_future_events=true&limit=50')
    expect(past).not.toContain('upcoming')
    expect(past[0]).toBe('stopped')
    expect(await names(a, 'no_future_events=0&limit=1')).toEqual(['upcoming'])
    expect(await bad('no_future_events=maybe')).toEqual([400, 'validation_failed', 'querystring.no_future_events'])
  })

  it('returns only events newer than min_id (SPEC §2 auto-refresh)', async () => {
    expect(await names(a, `min_id=${ids.ticket}`)).toEqual(['upcoming', 'stopped'])
    const newer = await insert({
      hostgroup_id: a.environmentId,
      host_id: host2.id,
      subject_name: host2.name,
      status: 'down',
      state_type: 'SOFT',
      display_time: T - 10,
    })
    try {
      expect((await list(a, `min_id=${ids.upcoming}`)).result.map((e) => e.id)).toEqual([newer])
      expect((await list(b, `min_id=${ids.upcoming}`)).result.map((e) => e.id)).toEqual([ids.foreign].filter((id) => id > ids.upcoming))
    } finally {
      await server.vigil.store.db.deleteFrom('events').where('id', '=', newer).execute()
    }
  })

  it('leaves out SOFT events with only_hard and flapping ones with only_non_flapping (SPEC §4 state filters)', async () => {
    const hard = await names(a, 'only_hard=true&limit=50')
    expect(hard).not.toContain('soft')
    expect(hard).toContain('ack')
    const steady = await names(a, 'only_non_flapping=1&limit=50')
    expect(steady).not.toContain('flapping')
    expect(steady).toContain('soft')
  })

  it('filters by SPEC §9 event types and classes, and refuses unknown ones naming the field', async () => {
    expect(await names(a, 'types=downtime,ticket')).toEqual(['upcoming', 'stopped', 'ticket', 'risk'])
    expect(await names(a, 'types=acknowledgement')).toEqual(['ack'])
    expect(await names(a, 'classes=host')).toEqual(['upcoming', 'stopped', 'other', 'hard', 'soft'])
    expect(await names(a, 'classes=resource_check,risk')).toEqual(['ticket', 'ack', 'flapping', 'risk'])
    expect(await bad('types=state_change,party')).toEqual([400, 'validation_failed', 'querystring.types'])
    expect(await bad('classes=printer')).toEqual([400, 'validation_failed', 'querystring.classes'])
  })

  it('applies the advanced filter of the list language, with the events column allow-list (SPEC §5, §7)', async () => {
    const f = (v: unknown) => `advanced_filter=${encodeURIComponent(JSON.stringify(v))}`
    expect(await names(a, f([['message', 'contains', 'disk']]))).toEqual(['flapping'])
    expect(
      await names(
        a,
        f([
          {
            or: [
              ['subject_name', 'equals', 'OpenSSL'],
              ['comment', 'starts_with', 'look'],
            ],
          },
        ]),
      ),
    ).toEqual(['ack', 'risk'])
    expect(await names(a, f([['display_time', 'between', `${T - 3000}|${T - 2000}`]]))).toEqual(['ack', 'flapping'])
    expect(await bad(f([['password_hash', 'equals', 'x']]))).toEqual([400, 'columns_not_allowed', undefined])
    expect(await bad(f([['message', 'explodes', 'x']]))).toEqual([400, 'unknown_operator', undefined])
    expect(await bad('advanced_filter=%5Bnot-json')).toEqual([400, 'invalid_input', 'advanced_filter'])
  })

  it('narrows to the environment filter within what the caller may see (SPEC §6, §7 environment_filter)', async () => {
    expect((await list(a, `environment_filter=${a.environmentId}&limit=50`)).totalresults).toBe(9)
    expect((await list(a, `environment_filter=${b.environmentId}`)).result).toEqual([])
    expect(await bad('environment_filter=1,two')).toEqual([400, 'validation_failed', 'querystring.environment_filter'])
  })

  it('filters by subject: a host with its resources, a resource, an environment, a risk (SPEC §7 filter fields)', async () => {
    expect(await names(a, `host_id=${host.id}`)).toEqual(['upcoming', 'stopped', 'ticket', 'ack', 'flapping', 'hard', 'soft'])
    expect(await names(a, `host_id=${host.id}&classes=host`)).toEqual(['upcoming', 'stopped', 'hard', 'soft'])
    expect(await names(a, `resource_id=${resourceId}`)).toEqual(['ticket', 'ack', 'flapping'])
    expect(await names(a, `hostgroup_id=${a.environmentId}&types=ticket`)).toEqual(['ticket', 'risk'])
    expect(await names(a, 'risk_id=7')).toEqual(['risk'])
    expect(await names(a, `risk_plugin_id=19506&hostgroup_id=${a.environmentId}`)).toEqual(['risk'])
    expect(await names(b, `host_id=${host.id}`)).toEqual([])
    expect(await bad('host_id=web-01')).toEqual([400, 'validation_failed', 'querystring.host_id'])
  })

  it('needs a subject where one is required: event_filter_missing (SPEC §8 Timeline)', async () => {
    expect(await bad('risk_plugin_id=19506')).toEqual([400, 'event_filter_missing', 'hostgroup_id'])
    expect(await bad('map_all_events=true')).toEqual([400, 'event_filter_missing', 'map_all_events'])
    // A map timeline: the events of every object on the map.
    expect(await names(a, `map_all_events=true&host_id=${host2.id}&resource_id=${resourceId}`)).toEqual([
      'ticket',
      'other',
      'ack',
      'flapping',
    ])
  })

  it("returns one event by id with its audit fields, and another organization's as not found (SPEC §7 events/{id})", async () => {
    const r = await a.api.get(`/api/v1/events/${ids.ack}`)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      id: ids.ack,
      type: 'acknowledgement',
      comment: 'looking into it',
      user: a.username,
      username: a.username,
      user_full_name: 'Olga',
      user_email: 'olga@example.com',
      user_organization: expect.any(String),
      hostgroup_id: a.environmentId,
    })
    expect(r.body.user_organization).not.toBe('')
    const foreign = await b.api.get(`/api/v1/events/${ids.ack}`)
    expect([foreign.status, foreign.body.error.key]).toEqual([404, 'not_found'])
    expect((await a.api.get('/api/v1/events/999999999')).body.error.key).toBe('not_found')
    expect((await a.api.get('/api/v1/events/abc')).status).toBe(400)
  })

  it('writes state events from check results and returns them lowercased with SOFT then HARD (SPEC §4)', async () => {
    const name = uniq('ev-results')
    const id = (await a.api.post('/api/v1/hosts/', { name, hostgroup_id: a.environmentId, check_type: '1', max_check_attempts: 2 })).body.id
    for (const output of ['PING CRITICAL - down', 'PING CRITICAL - still down'])
      expect((await a.api.post('/api/v1/results', { host: name, exit_status: 2, output })).status).toBe(200)
    const events = (await list(a, `host_id=${id}&types=state_change`)).result
    expect(events.map((e) => [e.status, e.state_type, e.event_class, e.subject_name])).toEqual([
      ['down', 'HARD', 'host_event', name],
      ['down', 'SOFT', 'host_event', name],
    ])
    expect((await list(a, `host_id=${id}&types=state_change&only_hard=1`)).result).toHaveLength(1)
  })

  it('counts at most EVENTS_COUNT_CAP events and says the count is limited (SPEC §8 "timeline limited")', async () => {
    const c = await addTenant()
    const rows = Array.from({ length: EVENTS_COUNT_CAP + 5 }, (_, i) => ({
      type: 'system',
      event_class: 'hostgroup_event',
      hostgroup_id: c.environmentId,
      start_time: T - i,
      display_time: T - i,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await server.vigil.store.db
        .insertInto('events')
        .values(rows.slice(i, i + 500))
        .execute()
    // The type leaves out the audit events of c's creation (issue 13).
    const page = await list(c, 'limit=10&offset=20&types=system')
    expect([page.totalresults, page.limited, page.result.length]).toEqual([EVENTS_COUNT_CAP, true, 10])
    expect(page.result[0].display_time).toBe(T - 20)
    // A whole page comes in display_time order with its positions (PostgreSQL writes it in two halves at once).
    const full = await list(c, 'limit=1000&offset=20&types=system')
    expect(full.result.map((e) => [e.index, e.display_time])).toEqual(Array.from({ length: 1000 }, (_, i) => [20 + i, T - 20 - i]))
  })

  it('merges the events of several environments in display_time order, page by page (SPEC §3 sort)', async () => {
    const second = await insert({
      hostgroup_id: secondEnvironmentId,
      subject_name: 'second-env-host',
      status: 'down',
      state_type: 'HARD',
      display_time: T - 2500,
    })
    ids.second = second
    try {
      const before = `end_time=${T - 100}`
      expect(await names(a, `${before}&limit=50`)).toEqual(['ticket', 'other', 'ack', 'second', 'flapping', 'hard', 'soft', 'risk'])
      expect(await names(a, `${before}&limit=3&offset=2`)).toEqual(['ack', 'second', 'flapping'])
      expect(await names(a, `environment_filter=${secondEnvironmentId}`)).toEqual(['second'])
      // The administrator sees every environment: both tenants' events, newest first.
      const all = await names({ ...a, api: admin }, `start_time=${T - 3000}&end_time=${T - 50}&types=state_change,acknowledgement,ticket`)
      expect(all).toEqual(['foreign', 'ticket', 'other', 'ack', 'second', 'flapping'])
    } finally {
      delete ids.second
      await server.vigil.store.db.deleteFrom('events').where('id', '=', second).execute()
    }
  })

  it('writes a long page of several environments whole and in order, from an offset (SPEC §3 sort)', async () => {
    // Two environments among several: SQLite reads a's timeline per environment and merges (store/events.ts accessOf).
    for (let i = 0; i < 3; i++) await addTenant()
    // Older than every fixture, alternating between a's two environments.
    const rows = Array.from({ length: 600 }, (_, i) => ({
      type: 'system',
      event_class: 'hostgroup_event',
      hostgroup_id: i % 2 ? secondEnvironmentId : a.environmentId,
      start_time: T - 20_000 - i,
      display_time: T - 20_000 - i,
    }))
    const inserted = await server.vigil.store.db.insertInto('events').values(rows).returning('id').execute()
    try {
      const page = await list(a, `start_time=${T - 30_000}&end_time=${T - 19_000}&limit=1000&offset=7`)
      expect(page.result.map((e) => [e.index, e.display_time, e.hostgroup_id])).toEqual(
        rows.slice(7).map((r, i) => [7 + i, r.display_time, r.hostgroup_id]),
      )
    } finally {
      const added = inserted.map((r) => r.id)
      await server.vigil.store.db.deleteFrom('events').where('id', 'in', added).execute()
    }
  })

  it("lifts the writer's fields from extra_data and keeps data's own beside the state (SPEC §3 Timeline event)", async () => {
    const id = await insert({
      hostgroup_id: b.environmentId,
      subject_name: 'b-host',
      status: 'WARNING',
      state_type: 'SOFT',
      data: JSON.stringify({ attempt: 2, state: 'stale' }),
      extra_data: JSON.stringify({ solution: 'Patch it', version: 3, duration: 900, is_flexible: true, name: { not: 'text' } }),
      display_time: T - 50,
    })
    try {
      const expected = {
        id,
        index: 0,
        status: 'warning',
        data: { attempt: 2, state: 'warning', state_type: 'SOFT' },
        solution: 'Patch it',
        version: '3',
        name: null,
        duration: 900,
        is_flexible: true,
        ticket_id: null,
        display_day: new Date((T - 50) * 1000).toISOString().slice(0, 10),
        extra_data: { solution: 'Patch it', version: 3, duration: 900, is_flexible: true, name: { not: 'text' } },
      }
      expect((await b.api.get(`/api/v1/events/${id}`)).body).toMatchObject(expected)
      expect((await list(b, `min_id=${id - 1}`)).result).toMatchObject([expected])
      if (db === 'sqlite') {
        // A damaged cell reads as {} (on PostgreSQL, Vigil writes these cells with JSON.stringify only: store/event-json.ts).
        await server.vigil.store.db.updateTable('events').set({ data: '{not json', extra_data: '[1]' }).where('id', '=', id).execute()
        expect((await b.api.get(`/api/v1/events/${id}`)).body).toMatchObject({ data: { state: 'warning' }, extra_data: {}, solution: null })
      }
    } finally {
      await server.vigil.store.db.deleteFrom('events').where('id', '=', id).execute()
    }
  })

  it('needs a token', async () => {
    expect((await fetch(`${server.baseUrl}/api/v1/events`)).status).toBe(401)
  })
})
