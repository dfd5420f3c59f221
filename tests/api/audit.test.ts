/**
 * Issue 13 "Audit log": every configuration change writes a SPEC §3 `audit_log` event (who, what,
 * before/after without secrets), read only by those who manage the organization's users (user_read,
 * SPEC §6 "Audit-log user links are shown only with user-management right") and server admins. Review L6:
 * the user_email and user_organization of timeline events reach only those callers too.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, type Client } from '../helpers/api'

const COMMUNITY = 'community-7f3a9c'
const PASSWORD = 'secret-pw-51be'

describe.each(DATABASES)('audit log on %s', (db) => {
  const {
    server,
    admin,
    addTenant,
    addUser,
    tenants: { customer, other },
  } = useApiSuite(db, { tenants: { customer: 'administrator', other: 'administrator' } })
  let operator: Client

  const auditOf = async (api: Client, query = 'types=audit_log&limit=1000') =>
    ((await api.get(`/api/v1/events?${query}`)).body.result as any[]).filter((e) => e.type === 'audit_log')

  beforeAll(async () => {
    operator = (await addUser(customer, 'operator')).api
    // Two of the customer's environments among several: SQLite reads its timeline per environment
    // (store/events.ts accessOf), whose environment-less branch must hold organization-level audit events.
    await admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: customer.organizationId })
    for (let i = 0; i < 3; i++) await addTenant('operator')
  })

  it('creating, renaming and deleting a host writes audit events naming who, with before/after of the changed fields and no secret values', async () => {
    const name = uniq('audited')
    const created = await customer.api.post('/api/v1/hosts/', {
      name,
      hostgroup_id: customer.environmentId,
      ip_address: '192.0.2.10',
      check: { kind: 'snmp', config: { host: '192.0.2.10', oid: '1.3.6.1.2.1.1.3.0' } },
      secrets: { snmp_community: COMMUNITY, password: PASSWORD },
    })
    expect([created.status, created.body.error]).toEqual([201, undefined])
    const id = created.body.id
    expect(
      (await customer.api.put(`/api/v1/hosts/${id}`, { name: `${name}-renamed`, secrets: { password: `${PASSWORD}-2` } })).status,
    ).toBe(200)
    expect((await customer.api.del(`/api/v1/hosts/${id}`)).status).toBe(204)

    const events = (await auditOf(customer.api, `types=audit_log&host_id=${id}&limit=100`)).reverse()
    expect(events.map((e) => [e.event_class, e.status])).toEqual([
      ['host_audit', 'CREATED'],
      ['host_audit', 'UPDATED'],
      ['host_audit', 'DELETED'],
    ])
    for (const e of events) expect([e.username, e.hostgroup_id]).toEqual([customer.username, customer.environmentId])
    const [create, rename, remove] = events
    expect(create.extra_data).toMatchObject({
      subject: 'host',
      id,
      before: null,
      after: { name, ip_address: '192.0.2.10', check_kind: 'snmp', sealed_fields: ['password', 'snmp_community'] },
    })
    expect(create.extra_data.after.check_config).toEqual({ host: '192.0.2.10', oid: '1.3.6.1.2.1.1.3.0' })
    // Only the changed fields, and the name of the sealed field set, never its value.
    expect(rename.extra_data).toMatchObject({ before: { name }, after: { name: `${name}-renamed`, sealed_fields: ['password'] } })
    expect(Object.keys(rename.extra_data.after).sort()).toEqual(['name', 'sealed_fields'])
    expect(remove.extra_data).toMatchObject({ before: { name: `${name}-renamed` }, after: null })
    const stored = await server.vigil.store.db
      .selectFrom('events')
      .select(['extra_data', 'message'])
      .where('type', '=', 'audit_log')
      .where('host_id', '=', id)
      .execute()
    const text = JSON.stringify([events, stored])
    for (const secret of [COMMUNITY, PASSWORD]) expect(text).not.toContain(secret)
  })

  it('resources, environments and organizations are audited too, in the transaction of the change', async () => {
    const host = (await customer.api.post('/api/v1/hosts/', { name: uniq('h'), hostgroup_id: customer.environmentId, check_type: '1' }))
      .body
    const resource = (
      await customer.api.post('/api/v1/resources/', {
        host_id: host.id,
        name: 'snmp',
        check: { kind: 'snmp', config: { host: '192.0.2.1', oid: '1.3.6.1.2.1.1.3.0' } },
      })
    ).body
    expect((await customer.api.put(`/api/v1/resources/${resource.id}`, { check_interval: 120 })).status).toBe(200)
    // Review L14: a check swapped and removed again leaves a trace, kind and config included.
    expect(
      (await customer.api.put(`/api/v1/resources/${resource.id}`, { check: { kind: 'tcp', config: { host: '192.0.2.1', port: 22 } } }))
        .status,
    ).toBe(200)
    expect((await customer.api.del(`/api/v1/resources/${resource.id}`)).status).toBe(204)
    const resourceEvents = (await auditOf(customer.api, `types=audit_log&resource_id=${resource.id}`)).reverse()
    expect(resourceEvents.map((e) => e.status)).toEqual(['CREATED', 'UPDATED', 'UPDATED', 'DELETED'])
    expect(resourceEvents[1].extra_data).toMatchObject({ before: { check_interval: 60 }, after: { check_interval: 120 } })
    expect(resourceEvents[2].extra_data).toMatchObject({
      before: { check_kind: 'snmp', check_config: { oid: '1.3.6.1.2.1.1.3.0' } },
      after: { check_kind: 'tcp', check_config: { host: '192.0.2.1', port: 22 } },
    })
    expect(resourceEvents[3].extra_data).toMatchObject({ before: { check_kind: 'tcp' }, after: null })
    expect(JSON.stringify(resourceEvents)).not.toContain(COMMUNITY)

    const env = (await admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: customer.organizationId })).body
    expect((await admin.put(`/api/v1/hostgroups/${env.id}`, { alias: 'Renamed' })).status).toBe(200)
    expect((await admin.del(`/api/v1/hostgroups/${env.id}`)).status).toBe(204)
    const envEvents = (await auditOf(customer.api))
      .filter((e) => e.event_class === 'environment_audit' && e.extra_data.id === env.id)
      .reverse()
    expect(envEvents.map((e) => [e.status, e.username])).toEqual([
      ['CREATED', 'admin'],
      ['UPDATED', 'admin'],
      ['DELETED', 'admin'],
    ])
    expect(envEvents[1].extra_data).toMatchObject({ after: { alias: 'Renamed' } })

    expect((await admin.put(`/api/v1/organizations/${customer.organizationId}`, { alias: 'Customer Ltd' })).status).toBe(200)
    const orgEvents = (await auditOf(customer.api)).filter(
      (e) => e.event_class === 'organization_audit' && e.extra_data.id === customer.organizationId,
    )
    expect(orgEvents.map((e) => e.status)).toEqual(['UPDATED', 'CREATED'])
    expect(orgEvents[0].extra_data).toMatchObject({ after: { alias: 'Customer Ltd' } })

    // Audit events are not published on the feed (its topics reach operators).
    const published: unknown[] = []
    const off = server.vigil.bus.subscribe((d) => published.push(d))
    try {
      expect((await customer.api.put(`/api/v1/hosts/${host.id}`, { alias: 'quiet' })).status).toBe(200)
    } finally {
      off()
    }
    expect(published.filter((d) => (d as { type?: string }).type === 'audit_log')).toEqual([])

    // A refused change leaves no audit event behind.
    const before = (await auditOf(customer.api)).length
    expect((await customer.api.post('/api/v1/hosts/', { name: host.name, hostgroup_id: customer.environmentId })).status).toBe(409)
    expect((await auditOf(customer.api)).length).toBe(before)
  })

  it('audit events are read by the customer administrator and server admins, never by its operator or another organization', async () => {
    const host = (await customer.api.post('/api/v1/hosts/', { name: uniq('seen'), hostgroup_id: customer.environmentId, check_type: '1' }))
      .body
    const [event] = await auditOf(customer.api, `types=audit_log&host_id=${host.id}`)
    expect(event).toMatchObject({ type: 'audit_log', status: 'CREATED' })
    expect((await auditOf(admin)).map((e) => e.id)).toContain(event.id)
    expect((await customer.api.get(`/api/v1/events/${event.id}`)).status).toBe(200)

    // The operator sees the host and its environment's timeline, but no audit event, by type, in the global timeline or by id.
    expect((await operator.get(`/api/v1/hosts/${host.id}`)).status).toBe(200)
    expect(await auditOf(operator)).toEqual([])
    expect(await auditOf(operator, 'limit=1000')).toEqual([])
    expect(await auditOf(operator, `host_id=${host.id}`)).toEqual([])
    expect((await operator.get(`/api/v1/events/${event.id}`)).status).toBe(404)

    expect(await auditOf(other.api)).not.toContainEqual(expect.objectContaining({ id: event.id }))
    expect((await auditOf(other.api)).filter((e) => e.host_id === host.id)).toEqual([])
    expect((await other.api.get(`/api/v1/events/${event.id}`)).status).toBe(404)
  })

  it('L6: a customer operator reading an event the MSP admin acknowledged gets no email; the customer administrator does', async () => {
    await server.vigil.store.db.updateTable('users').set({ email: 'msp-admin@example.net' }).where('username', '=', 'admin').execute()
    const name = uniq('acked')
    const host = (await customer.api.post('/api/v1/hosts/', { name, hostgroup_id: customer.environmentId, check_type: '1' })).body
    await customer.api.post('/api/v1/results', { host: name, exit_status: 2, output: 'down' })
    const ack = await admin.post(`/api/v1/hosts/${host.id}/acknowledgements`, {
      host_id: host.id,
      host_name: name,
      resource_id: null,
      resource_name: null,
      comment: 'on it',
      persistent: false,
    })
    expect([ack.status, ack.body.error]).toEqual([201, undefined])
    const ackEvent = async (api: Client) =>
      ((await api.get(`/api/v1/events?types=acknowledgement&host_id=${host.id}`)).body.result as any[])[0]

    const seenByOperator = await ackEvent(operator)
    expect(seenByOperator).toMatchObject({ username: 'admin', user_email: '', user_organization: '' })
    expect((await operator.get(`/api/v1/events/${seenByOperator.id}`)).body).toMatchObject({ user_email: '', user_organization: '' })
    expect(JSON.stringify(seenByOperator)).not.toContain('msp-admin@example.net')

    expect(await ackEvent(customer.api)).toMatchObject({ user_email: 'msp-admin@example.net' })
    expect(await ackEvent(admin)).toMatchObject({ user_email: 'msp-admin@example.net' })
  })
})
