/**
 * Issue 8: every SPEC §7 path called with SPEC-shaped payloads, and the SPEC §3 field names checked in
 * every response. A renamed or missing field fails here. Runs on SQLite and PostgreSQL.
 */
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, tokenOf } from '../helpers/api'

/** SPEC §3 field lists, as the SPEC spells them. */
const FIELDS = {
  host: [
    'id',
    'name',
    'alias',
    'hostname',
    'hostgroup_id',
    'hostgroup_alias',
    'organization_name',
    'hosttype',
    'ip_address',
    'state',
    'state_translation',
    'state_details',
    'extended_output',
    'description',
    'last_state_change',
    'last_check',
    'next_check',
    'check_interval',
    'check_type',
    'is_stale',
    'is_flapping',
    'acknowledged',
    'tickets',
    'parents',
    'children',
    'tags',
    'labels',
    'service_counts',
    'allowed_actions',
    'map_state',
    'host_map_state',
    'has_asset_data',
    'has_graph',
    'monitoring_type',
    'max_scheduled_downtime_depth',
  ],
  resource: [
    'id',
    'host_id',
    'host_name',
    'display_name',
    'name',
    'plugin_id',
    'plugin_output',
    'state_details',
    'extended_output',
    'last_state_change',
    'last_check',
    'next_check',
    'is_stale',
    'is_flapping',
    'tickets',
    'acknowledged',
    'has_graph',
    'allowed_actions',
    'hostgroup_alias',
  ],
  event: [
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
  ],
  ticket: [
    'ticket_id',
    'id',
    'workflowStateName',
    'supportGroupName',
    'assigneeName',
    'description',
    'priorityName',
    'urgencyName',
    'isClosed',
    'details',
    'provider',
    'web_url',
    'ticket_links',
  ],
  savedFilter: ['name', 'guid', 'location', 'created_by', 'rules'],
  risk: ['hostgroup_id', 'plugin_id', 'id', 'severity', 'tickets', 'allowed_actions'],
  environment: ['id', 'name', 'alias', 'organization_id', 'host_count', 'hosts'],
  organization: [
    'alias',
    'name',
    'legal_name',
    'is_msp',
    'msp_parent_id',
    'contract_expiration',
    'customer_since',
    'users',
    'hosts',
    'resources',
    'children',
  ],
  user: [
    'id',
    'username',
    'first_name',
    'last_name',
    'email',
    'role',
    'last_logon',
    'member_since',
    'authorizations',
    'allowed_environments',
    'allowed_organizations',
    'allowed_environment_lists',
    'allowed_modules',
    'preferences',
    'organization',
  ],
  preferences: ['environmentFilter', 'page_size', 'hideSideBar', 'autoreload'],
  version: ['build', 'release', 'maintenance', 'maintenance_message'],
} as const

const expectFields = (obj: unknown, fields: readonly string[]) => {
  expect(obj, 'response object').toBeTypeOf('object')
  const missing = fields.filter((f) => !(f in (obj as object)))
  expect(missing, `missing SPEC §3 fields`).toEqual([])
}
const expectList = (body: any) => {
  expect(Object.keys(body)).toEqual(expect.arrayContaining(['result', 'totalresults']))
  expect(Array.isArray(body.result)).toBe(true)
  expect(typeof body.totalresults).toBe('number')
}
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v))
/** SPEC §5 Hosts: a host name is ASCII (the server refuses whitespace); URL-reserved characters must survive hosts/{id} encoded. */
const RESERVED_NAME = 'web01/a%b#c?d+e&f;g=h'
/** SPEC §3 Acknowledgement: persistent flag and comment, with the object it is on. */
const ACK_FIELDS = ['host_id', 'host_name', 'resource_id', 'resource_name', 'comment', 'persistent']

describe.each(DATABASES)('SPEC §7 contract on %s', (db) => {
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' } })
  let host: any
  let resource: any
  let reserved: any
  beforeAll(async () => {
    host = (await t.api.post('/api/v1/hosts/', { name: 'contract-host', hostgroup_id: t.environmentId, check_type: '1' })).body
    await t.api.post('/api/v1/hosts/', {
      name: 'contract-child',
      hostgroup_id: t.environmentId,
      check_type: '1',
      parents: ['contract-host'],
    })
    resource = (await t.api.post('/api/v1/resources/', { host_id: host.id, name: 'disk /', check_type: '1', max_check_attempts: 1 })).body
    reserved = (
      await t.api.post('/api/v1/hosts/', { name: RESERVED_NAME, hostgroup_id: t.environmentId, check_type: '1', max_check_attempts: 1 })
    ).body
    await t.api.post('/api/v1/results', {
      results: [
        { host: 'contract-host', exit_status: 0, output: 'PING OK' },
        { host: RESERVED_NAME, exit_status: 2, output: 'PING CRITICAL' },
        { resource_id: resource.id, exit_status: 2, output: 'DISK CRITICAL', perfdata: "'/'=95%;80;90" },
      ],
    })
  })

  it('version.json and users/current', async () => {
    expectFields((await client(server.baseUrl).get('/version.json')).body, FIELDS.version)
    const me = (await t.api.get('/api/v1/users/current')).body
    expectFields(me, FIELDS.user)
    expectFields(me.preferences, FIELDS.preferences)
    expectFields(me.allowed_environments[0], ['id', 'organization_id', 'allowed_actions'])
    expect((await t.api.put('/api/v1/users/current', { preferences: { pageSize: 25, custom_filter_hosts: true } })).status).toBe(200)
  })

  it('hosts/{id} (id URL-encoded), hosts/ and hosts/grouped', async () => {
    expectFields((await t.api.get(`/api/v1/hosts/${host.id}`)).body, FIELDS.host)
    const byName = (await t.api.get(`/api/v1/hosts/${encodeURIComponent(RESERVED_NAME)}`)).body
    expectFields(byName, FIELDS.host)
    expect([byName.id, byName.name]).toEqual([reserved.id, RESERVED_NAME])
    const list = (await t.api.get('/api/v1/hosts/')).body
    expectList(list)
    expectFields(list.result[0], FIELDS.host)
    expectFields(list.result[0].service_counts, ['critical', 'warning', 'unknown', 'ok'])
    const grouped = (
      await t.api.get(
        `/api/v1/hosts/grouped?group_by=hosttype&limit=1500&columns=id,name,state,hosttype,parents,children&advanced_filter=${q([
          ['parents', 'equals', 'contract-host'],
          ['state', 'not_equals', 0],
        ])}`,
      )
    ).body
    expectList(grouped)
    expect(grouped.result[0]).toMatchObject({ hosttype: 'ping', result: [expect.objectContaining({ name: 'contract-child' })] })
  })

  it('SPEC §4 numbers on the wire beside the state names', async () => {
    const h = (await t.api.get(`/api/v1/hosts/${host.id}`)).body
    expect([h.state, h.state_id, h.problem_severity, h.map_state, h.host_map_state]).toEqual(['up', 0, null, 0, 0])
    const r = (await t.api.get(`/api/v1/resources/${resource.id}`)).body
    // A critical resource shows as down on a map (MAP 1) and as resource critical (HOST_MAP_STATE 6).
    expect([r.state, r.state_id, r.problem_severity, r.map_state, r.host_map_state]).toEqual(['critical', 2, 1, 1, 6])
    const listed = (
      await t.api.get(`/api/v1/resources/?columns=id,map_state,host_map_state&advanced_filter=${q([['id', 'equals', resource.id]])}`)
    ).body.result
    expect(listed).toEqual([{ id: resource.id, map_state: 1, host_map_state: 6 }])
    const pendingCheck = (await t.api.post('/api/v1/resources/', { host_id: host.id, name: 'not yet run', check_type: '1' })).body
    expect([pendingCheck.state, pendingCheck.map_state, pendingCheck.host_map_state]).toEqual(['pending', 4, 8])
    const pending = (await t.api.get('/api/v1/hosts/contract-child')).body
    expect([pending.state, pending.state_id, pending.map_state, pending.host_map_state]).toEqual(['pending', null, 4, 3])
  })

  it('resources/{hostname}/{display_name} and resources/', async () => {
    expectFields((await t.api.get(`/api/v1/resources/contract-host/${encodeURIComponent('disk /')}`)).body, FIELDS.resource)
    const list = (await t.api.get('/api/v1/resources/')).body
    expectList(list)
    expectFields(list.result[0], FIELDS.resource)
  })

  it('environments and organizations', async () => {
    expectFields((await t.api.get(`/api/v1/hostgroups/${t.environmentId}`)).body, FIELDS.environment)
    expectFields((await t.api.get(`/api/v1/organizations/${t.organizationId}`)).body, FIELDS.organization)
  })

  it('acknowledgements: POST with the SPEC §3 payload (persistent), DELETE', async () => {
    const payload = {
      host_name: 'contract-host',
      resource_name: 'disk /',
      host_id: host.id,
      resource_id: resource.id,
      comment: 'on it',
      persistent: true,
    }
    expect((await t.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, payload)).status).toBe(201)
    expect((await t.api.get(`/api/v1/resources/${resource.id}`)).body.acknowledged).toBe(true)
    expect((await t.api.del(`/api/v1/resources/${resource.id}/acknowledgements`)).status).toBe(200)
    expect((await t.api.get(`/api/v1/resources/${resource.id}`)).body.acknowledged).toBe(false)
  })

  it('hosts/{host_id}/acknowledgements: POST with the SPEC §3 payload (persistent), DELETE', async () => {
    const payload = { host_name: RESERVED_NAME, host_id: reserved.id, comment: 'looking', persistent: true }
    const added = await t.api.post(`/api/v1/hosts/${reserved.id}/acknowledgements`, payload)
    expect(added.status).toBe(201)
    expectFields(added.body, ACK_FIELDS)
    expect(added.body).toMatchObject({
      host_id: reserved.id,
      host_name: RESERVED_NAME,
      resource_id: null,
      comment: 'looking',
      persistent: true,
    })
    expect((await t.api.get(`/api/v1/hosts/${reserved.id}`)).body.acknowledged).toBe(true)
    const removed = await t.api.del(`/api/v1/hosts/${reserved.id}/acknowledgements`)
    expect([removed.status, removed.body]).toEqual([200, { removed: 1 }])
    expect((await t.api.get(`/api/v1/hosts/${reserved.id}`)).body.acknowledged).toBe(false)
  })

  it('hosts/{host_id}/tickets: POST with comment gives ticket_id, GET lists and gets SPEC §3 tickets, DELETE with comment gives ticket_id', async () => {
    const created = await t.api.post(`/api/v1/hosts/${reserved.id}/tickets`, { host_id: reserved.id, comment: 'host is down' })
    expect(created.status).toBe(201)
    expectFields(created.body, [...FIELDS.ticket, 'reopened'])
    const ticketId = created.body.ticket_id
    const list = await t.api.get(`/api/v1/hosts/${reserved.id}/tickets`)
    expectList(list.body)
    expectFields(list.body.result[0], FIELDS.ticket)
    expect(list.body.result.map((x: any) => x.ticket_id)).toContain(ticketId)
    expect((await t.api.get(`/api/v1/hosts/${reserved.id}`)).body.tickets.at(-1)).toBe(ticketId)
    expectFields((await t.api.get(`/api/v1/hosts/${reserved.id}/tickets/${ticketId}`)).body, FIELDS.ticket)
    const closed = await t.api.del(`/api/v1/hosts/${reserved.id}/tickets/${ticketId}`, { comment: 'back up' })
    expect([closed.status, closed.body]).toEqual([200, { ticket_id: ticketId }])
  })

  it('downtimes: POST with the SPEC §3 maintenance payload on the resource or the host, DELETE removes all', async () => {
    const now = Math.floor(Date.now() / 1000)
    const base = {
      host_id: host.id,
      host_name: 'contract-host',
      start_time: now,
      end_time: now + 3600,
      comment: 'patching',
      is_flexible: false,
      duration: 0,
      resource_id: resource.id,
      resource_name: 'disk /',
    }
    expect((await t.api.post(`/api/v1/resources/${resource.id}/downtimes`, { ...base, set_to_host_checkbox: false })).status).toBe(201)
    expect((await t.api.post(`/api/v1/hosts/${host.id}/downtimes`, { ...base, set_to_host_checkbox: true })).status).toBe(201)
    expect((await t.api.get(`/api/v1/hosts/${host.id}`)).body.max_scheduled_downtime_depth).toBeGreaterThan(0)
    expect((await t.api.del(`/api/v1/hosts/${host.id}/downtimes`)).status).toBe(200)
    expect((await t.api.del(`/api/v1/resources/${resource.id}/downtimes`)).status).toBe(200)
    expect((await t.api.get(`/api/v1/hosts/${host.id}`)).body.max_scheduled_downtime_depth).toBe(0)
  })

  it('resources/{resource_id}/tickets: POST gives one ticket, GET lists and gets SPEC §3 tickets, DELETE needs a comment and gives ticket_id', async () => {
    // SPEC §7 Tickets: POST on a resource answers one ticket (the list with id and reopened is the risk group's);
    // DELETE …/tickets/{ticket_id} answers ticket_id.
    const created = await t.api.post(`/api/v1/resources/${resource.id}/tickets`, {
      host_id: host.id,
      resource_id: resource.id,
      comment: 'please fix',
    })
    expect(created.status).toBe(201)
    expectFields(created.body, [...FIELDS.ticket, 'reopened'])
    expect(created.body).toMatchObject({ host_id: host.id, resource_id: resource.id, reopened: false })
    const ticketId = created.body.ticket_id
    const list = await t.api.get(`/api/v1/resources/${resource.id}/tickets`)
    expectList(list.body)
    expectFields(list.body.result[0], FIELDS.ticket)
    expect(list.body.result.map((x: any) => x.ticket_id)).toContain(ticketId)
    expectFields((await t.api.get(`/api/v1/resources/${resource.id}/tickets/${ticketId}`)).body, FIELDS.ticket)
    const closed = await t.api.del(`/api/v1/resources/${resource.id}/tickets/${ticketId}`)
    expect([closed.status, closed.body.error?.key]).toEqual([400, 'validation_failed'])
    const ok = await t.api.del(`/api/v1/resources/${resource.id}/tickets/${ticketId}`, { comment: 'fixed' })
    expect([ok.status, ok.body]).toEqual([200, { ticket_id: ticketId }])
  })

  it('risks/{risk_id}/tickets and risks/{hostgroup_id}/{risk_plugin_id}/tickets: comment bodies, ticket_id / ticket_ids with reopened', async () => {
    // The scan's host 10.0.0.11 is a Vigil host, so that its findings can have tickets (SPEC §8 "no host info found").
    await t.api.post('/api/v1/hosts/', { name: 'contract-web', hostgroup_id: t.environmentId, check_type: '1', ip_address: '10.0.0.11' })
    const token = await tokenOf(server, t)
    const scan = await fetch(`${server.baseUrl}/api/v1/risks/scans?hostgroup_id=${t.environmentId}&file_name=site.nessus`, {
      method: 'POST',
      body: fs.readFileSync(new URL('../fixtures/risk-scans/site.nessus', import.meta.url), 'utf8'),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
    })
    expect(scan.status).toBe(201)
    const risks = (await t.api.get('/api/v1/risks?limit=100')).body
    expectList(risks)
    const risk = risks.result.find((r: any) => r.host_id !== null && r.severity === 'veryhigh')
    expectFields(risk, FIELDS.risk)
    expectFields((await t.api.get(`/api/v1/risks/${risk.id}`)).body, FIELDS.risk)
    const one = await t.api.post(`/api/v1/risks/${risk.id}/tickets`, { risk_id: risk.id, comment: 'patch log4j' })
    expect(one.status).toBe(201)
    expectFields(one.body, [...FIELDS.ticket, 'reopened'])
    expect((await t.api.get(`/api/v1/risks/${risk.id}/tickets`)).body.result.map((x: any) => x.ticket_id)).toContain(one.body.ticket_id)
    expect((await t.api.del(`/api/v1/risks/${risk.id}/tickets`, { comment: 'patched' })).body).toEqual({ ticket_id: one.body.ticket_id })
    const group = `/api/v1/risks/${t.environmentId}/${risk.plugin_id}/tickets`
    const opened = await t.api.post(group, { hostgroup_id: t.environmentId, risk_plugin_id: risk.plugin_id, comment: 'again' })
    expect(opened.status).toBe(201)
    expect(opened.body.ticket_ids).toEqual([expect.objectContaining({ id: expect.any(String), reopened: true })])
    const closed = await t.api.del(group, { comment: 'done' })
    expect(closed.body.ticket_ids).toHaveLength(1)
  })

  it('filter rule value kinds: software version (name.raw.value, version.raw.value) and monitoring status', async () => {
    expect((await t.api.put(`/api/v1/hosts/${host.id}/software`, { software: [{ name: 'openssl', version: '3.0.11' }] })).status).toBe(200)
    const software = { name: { raw: { value: 'openssl' } }, version: { raw: { value: '3.0.11' } } }
    const has = (
      await t.api.get(`/api/v1/hosts/?advanced_filter=${q([{ key: 'software', operator: 'equals', value: software }])}&columns=name`)
    ).body
    expect(has.result.map((h: any) => h.name)).toEqual(['contract-host'])
    const other = { ...software, version: { raw: { value: '1.1.1' } } }
    expect(
      (await t.api.get(`/api/v1/hosts/?advanced_filter=${q([{ key: 'software', operator: 'equals', value: other }])}`)).body.totalresults,
    ).toBe(0)
    const unacknowledged = (
      await t.api.get(
        `/api/v1/hosts/?advanced_filter=${q([{ key: 'monitoring_status', operator: 'not_equals', value: 'has_ticket' }])}&columns=name`,
      )
    ).body
    expectList(unacknowledged)
  })

  it('events and events/{id}: SPEC §3 timeline event fields, state lowercased with HARD/SOFT', async () => {
    const list = (await t.api.get(`/api/v1/events?host_id=${host.id}&limit=1000`)).body
    expectList(list)
    const state = list.result.find((e: any) => e.type === 'state_change' && e.status === 'critical')
    expectFields(state, FIELDS.event)
    expect(state.data).toMatchObject({ state: 'critical', state_type: 'HARD' })
    expectFields((await t.api.get(`/api/v1/events/${state.id}`)).body, FIELDS.event)
    expect((await t.api.get('/api/v1/events?types=ticket')).body.result.every((e: any) => e.type === 'ticket')).toBe(true)
  })

  it('search: result.hits.total.value, total_per_type, result.aggregations.grouping.buckets', async () => {
    const r = (await t.api.get(`/api/v1/search?query=contract&environment_ids=${t.environmentId}`)).body
    expect(typeof r.result.hits.total.value).toBe('number')
    expectFields(r.total_per_type, ['host', 'resource', 'map', 'hostgroup'])
    expect(r.result.aggregations.grouping.buckets.map((b: any) => b.key)).toEqual(['host', 'resource', 'map', 'hostgroup'])
  })

  it('saved filters: rules with key, operator, value, inverted and or-groups', async () => {
    const rules = [
      { key: 'name', operator: 'contains', value: 'contract', inverted: false },
      { or: [{ key: 'state', operator: 'equals', value: 'down' }] },
    ]
    const saved = await t.api.post('/api/v1/filters/', { name: 'My hosts', location: 'hosts', rules })
    expect(saved.status).toBe(201)
    expectFields(saved.body, FIELDS.savedFilter)
    expectFields((await t.api.get(`/api/v1/filters/${saved.body.guid}`)).body, FIELDS.savedFilter)
  })

  it('errors and tracker accept the SPEC §7 bodies', async () => {
    expect(
      (await t.api.post('/api/v1/errors', { error: 'TypeError: x', url: 'http://x/#/', browser: 'Chromium', release: '3.9.1' })).status,
    ).toBe(204)
    expect((await t.api.post('/api/v1/tracker', [{ type: 'initial_load', value: 812, time: 1 }])).status).toBe(204)
  })

  it('the OpenAPI document names the SPEC §3 Host and Resource fields of the host and resource responses', async () => {
    const doc = (await client(server.baseUrl).get('/api/v1/openapi.json')).body
    const props = (path: string, list: boolean) => {
      const schema = doc.paths[path].get.responses['200'].content['application/json'].schema
      return Object.keys((list ? schema.properties.result.items : schema).properties)
    }
    expect(props('/api/v1/hosts/{id}', false)).toEqual(expect.arrayContaining([...FIELDS.host]))
    expect(props('/api/v1/hosts', true)).toEqual(expect.arrayContaining([...FIELDS.host]))
    expect(props('/api/v1/resources/{hostname}/{display_name}', false)).toEqual(expect.arrayContaining([...FIELDS.resource]))
    expect(props('/api/v1/resources', true)).toEqual(expect.arrayContaining([...FIELDS.resource]))
  })

  it('the OpenAPI document names every SPEC §7 path', async () => {
    const doc = (await client(server.baseUrl).get('/api/v1/openapi.json')).body
    for (const path of [
      '/api/v1/hosts/{id}',
      '/api/v1/hosts/',
      '/api/v1/hosts/grouped',
      '/api/v1/resources/{hostname}/{display_name}',
      '/api/v1/hosts/{host_id}/acknowledgements',
      '/api/v1/resources/{resource_id}/acknowledgements',
      '/api/v1/resources/{resource_id}/downtimes',
      '/api/v1/hosts/{host_id}/downtimes',
      '/api/v1/hosts/{host_id}/tickets',
      '/api/v1/resources/{resource_id}/tickets/{ticket_id}',
      '/api/v1/events/',
      '/api/v1/events/{id}',
      '/api/v1/search/',
      '/api/v1/users/current',
      '/api/v1/errors',
      '/api/v1/tracker',
      '/version.json',
      '/api/v1/risks/{risk_id}/tickets',
      '/api/v1/risks/{hostgroup_id}/{risk_plugin_id}/tickets',
      '/api/v1/risks/{id}',
      '/api/v1/risks/{hostgroup_id}/{plugin_id}',
    ]) {
      // Trailing slashes are optional on the server (SPEC §7 writes `hosts/` and `search`).
      expect(
        Object.keys(doc.paths).map((p) => p.replace(/\/$/, '')),
        path,
      ).toContain(path.replace(/\/$/, ''))
    }
  })
})
