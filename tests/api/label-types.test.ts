/**
 * Issue 15 Settings "labels": SPEC §3 Label types per organization (SPEC §5 name rules, invalid_label_name,
 * label_type_already_exists) and labels on hosts checked against their type ("Please enter a value"), written
 * with host_write (SPEC §6), audited, invisible to another organization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { addMember, adminClient, makeTenant, uniq, type Client, type Tenant } from '../helpers/api'

describe.each(DATABASES)('label types and host labels, on %s', (db) => {
  let server: TestServer
  let a: Tenant
  let b: Tenant
  let operator: Client
  let hostId: number
  const types = (t: Tenant) => `/api/v1/organizations/${t.organizationId}/label-types`
  const labelUrl = (name: string) => `/api/v1/hosts/${hostId}/labels/${encodeURIComponent(name)}`
  const snapshot = async () =>
    JSON.stringify([
      await server.vigil.store.db.selectFrom('label_types').selectAll().orderBy('id').execute(),
      await server.vigil.store.db.selectFrom('hosts').select(['id', 'labels']).orderBy('id').execute(),
    ])

  beforeAll(async () => {
    server = await startServer({ db })
    const admin = await adminClient(server)
    a = await makeTenant(server, admin, 'engineer')
    b = await makeTenant(server, admin, 'administrator')
    operator = await addMember(server, a, 'operator')
    hostId = (await a.api.post('/api/v1/hosts/', { name: uniq('labelled'), hostgroup_id: a.environmentId, check_type: '1' })).body.id
  })
  afterAll(() => server.close())

  it('creates label types with the SPEC §5 name forms and lists them by name', async () => {
    const names = ['acme.test/label.name', 'acme.anything.here/na-me', 'label-name', 'acme/name']
    for (const [i, name] of names.entries()) {
      const r = await a.api.post(types(a), { name, data_type: ['none', 'string', 'number', 'list'][i] })
      expect([r.status, r.body]).toEqual([
        201,
        { id: expect.any(Number), organization_id: a.organizationId, name, data_type: expect.any(String) },
      ])
    }
    expect((await a.api.get(types(a))).body.map((t: { name: string }) => t.name)).toEqual([...names].sort())
  })

  it('refuses a bad name with invalid_label_name, a second type of one name with label_type_already_exists', async () => {
    const before = await snapshot()
    for (const name of ['with space', 'under_score', '-dash-first', 'a//b', 'a/b/c', 'ümlaut', '', 'x'.repeat(101)]) {
      const r = await a.api.post(types(a), { name, data_type: 'string' })
      expect([r.status, r.body.error?.key], name).toEqual([400, 'invalid_label_name'])
    }
    expect((await a.api.post(types(a), { name: 'label-name', data_type: 'string' })).body.error.key).toBe('label_type_already_exists')
    expect((await a.api.post(types(a), { name: 'fine', data_type: 'date' })).body.error.key).toBe('validation_failed')
    expect(await snapshot()).toEqual(before)
    // Names are per organization: another one may use the same.
    expect((await b.api.post(types(b), { name: 'label-name', data_type: 'none' })).status).toBe(201)
  })

  it("sets labels whose value fits the type's data type and removes them", async () => {
    expect((await a.api.put(labelUrl('acme.anything.here/na-me'), { value: ' Ops team ' })).body).toEqual({
      'acme.anything.here/na-me': 'Ops team',
    })
    expect((await a.api.put(labelUrl('label-name'), { value: '42.5' })).status).toBe(200)
    expect((await a.api.put(labelUrl('acme/name'), { value: 'a, b' })).status).toBe(200)
    expect((await a.api.put(labelUrl('acme.test/label.name'), {})).status).toBe(200)
    const labels = { 'acme.anything.here/na-me': 'Ops team', 'label-name': '42.5', 'acme/name': 'a, b', 'acme.test/label.name': '' }
    expect((await a.api.get(`/api/v1/hosts/${hostId}/labels`)).body).toEqual(labels)
    expect((await a.api.get(`/api/v1/hosts/${hostId}`)).body.labels).toEqual(labels)
    const removed = await a.api.del(labelUrl('label-name'))
    expect([removed.status, removed.body['label-name']]).toEqual([200, undefined])
  })

  it('refuses an empty value ("Please enter a value"), a non-number, a value on a type without one, an unknown name', async () => {
    const before = await snapshot()
    const cases: [string, unknown, string, string?][] = [
      ['acme.anything.here/na-me', { value: '  ' }, 'validation_failed', 'value_required'],
      ['label-name', { value: 'many' }, 'validation_failed', 'value_not_number'],
      ['acme/name', { value: 'a,,b' }, 'validation_failed', 'value_required'],
      ['acme.test/label.name', { value: 'x' }, 'validation_failed', 'value_not_allowed'],
      ['no-such-type', { value: 'x' }, 'invalid_label_name'],
      ['bad name', { value: 'x' }, 'invalid_label_name'],
    ]
    for (const [name, body, key, reason] of cases) {
      const r = await a.api.put(labelUrl(name), body)
      expect([r.status, r.body.error?.key], name).toEqual([400, key])
      if (reason) expect(r.body.error.extra_info.reason).toBe(reason)
    }
    expect((await a.api.del(labelUrl('never-set'))).body.error.key).toBe('not_found')
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a user without host_write and shows another organization nothing', async () => {
    const before = await snapshot()
    const mine = (await a.api.get(types(a))).body[0]
    for (const r of [
      await operator.post(types(a), { name: 'op-made', data_type: 'none' }),
      await operator.del(`/api/v1/label-types/${mine.id}`),
      await operator.put(labelUrl('acme/name'), { value: 'z' }),
      await operator.del(labelUrl('acme/name')),
    ])
      expect([r.status, r.body.error?.key]).toEqual([403, 'unauthorized'])
    for (const r of [await b.api.get(types(a)), await b.api.post(types(a), { name: 'theirs', data_type: 'none' })])
      expect([r.status, r.body.error?.key]).toEqual([404, 'organization_not_found'])
    expect((await b.api.del(`/api/v1/label-types/${mine.id}`)).status).toBe(404)
    for (const r of [
      await b.api.get(`/api/v1/hosts/${hostId}/labels`),
      await b.api.put(labelUrl('acme/name'), { value: 'z' }),
      await b.api.del(labelUrl('acme/name')),
    ])
      expect([r.status, r.body.error?.key]).toEqual([404, 'host_not_found'])
    expect(await snapshot()).toEqual(before)
  })

  it('deletes a label type and audits every change', async () => {
    const made = (await a.api.post(types(a), { name: 'short-lived', data_type: 'string' })).body
    expect((await a.api.del(`/api/v1/label-types/${made.id}`)).status).toBe(204)
    expect((await a.api.get(types(a))).body.map((t: { name: string }) => t.name)).not.toContain('short-lived')
    const audit = await server.vigil.store.db
      .selectFrom('events')
      .select(['event_class', 'status', 'subject_name'])
      .where('type', '=', 'audit_log')
      .where('organization_id', '=', a.organizationId)
      .where('event_class', 'in', ['label_type_audit', 'label_audit'])
      .orderBy('id')
      .execute()
    expect(audit.filter((e) => e.subject_name === 'short-lived').map((e) => e.status)).toEqual(['CREATED', 'DELETED'])
    expect(audit.filter((e) => e.event_class === 'label_audit').map((e) => e.status)).toEqual([
      'UPDATED',
      'UPDATED',
      'UPDATED',
      'UPDATED',
      'DELETED',
    ])
  })
})
