/**
 * Acknowledgements (SPEC §1, §3 Acknowledgement + payload, §4, §5 "comment required (trimmed)", §7):
 * add, view and remove on hosts and resources; non-persistent ones end at the next state change,
 * persistent ones when the object is OK/UP again; events and feed deltas; bad input, rights, tenancy.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { acknowledgeRefusal } from '../../src/server/store/acknowledgements'
import { loadScope } from '../../src/server/store/scope'
import type { FeedDelta } from '../../src/shared/feed'

describe.each(DATABASES)('acknowledgements on %s', (db) => {
  const {
    server,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let n = 0

  /** A passive host with one passive resource; `hostState`/`diskStatus` are Nagios exit codes applied first. */
  async function objects(hostStatus: number | null, diskStatus: number | null) {
    const name = `ack-host-${++n}`
    const host = (await a.api.post('/api/v1/hosts/', { name, hostgroup_id: a.environmentId, check_type: '1' })).body
    const resource = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'disk', check_type: '1' })).body
    if (hostStatus !== null) await result(name, null, hostStatus)
    if (diskStatus !== null) await result(name, 'disk', diskStatus)
    return { host, resource, name }
  }
  const result = (host: string, resource: string | null, status: number) =>
    a.api.post('/api/v1/results', { host, ...(resource ? { resource } : {}), exit_status: status, output: `status ${status}` })
  const resourceRow = async (id: number) => (await a.api.get(`/api/v1/resources/${id}`)).body
  const ackEvents = (hostId: number) =>
    server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('host_id', '=', hostId)
      .where('type', '=', 'acknowledgement')
      .orderBy('id')
      .execute()

  it('acknowledges a down host: the row is acknowledged, the acknowledgement is listed, an event and feed deltas follow', async () => {
    const { host, name } = await objects(2, null)
    const seen: FeedDelta[] = []
    const off = server.vigil.bus.subscribe((d) => seen.push(d))
    const r = await a.api.post(`/api/v1/hosts/${host.id}/acknowledgements`, {
      host_id: host.id,
      host_name: name,
      resource_id: null,
      resource_name: null,
      comment: '  looking into it  ',
      persistent: false,
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      host_id: host.id,
      host_name: name,
      resource_id: null,
      comment: 'looking into it',
      persistent: false,
      username: a.username,
    })
    expect((await a.api.get(`/api/v1/hosts/${host.id}`)).body.acknowledged).toBe(true)
    expect((await a.api.get(`/api/v1/hosts/${host.id}/acknowledgements`)).body).toMatchObject({
      totalresults: 1,
      result: [{ id: r.body.id, comment: 'looking into it' }],
    })
    const [event] = await ackEvents(host.id)
    expect([event.status, event.comment, event.username, event.event_class, event.subject_name]).toEqual([
      'ADDED',
      'looking into it',
      a.username,
      'host_event',
      name,
    ])
    // On PostgreSQL the bus is LISTEN/NOTIFY: deltas arrive shortly after the commit.
    const arrived = () =>
      seen.some((d) => d.kind === 'action' && d.id === host.id) && seen.some((d) => d.kind === 'event' && d.id === event.id)
    for (let i = 0; i < 100 && !arrived(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
    off()
    expect(seen).toContainEqual(
      expect.objectContaining({ kind: 'action', object: 'host', id: host.id, acknowledged: true, hostgroup_id: a.environmentId }),
    )
    expect(seen).toContainEqual(expect.objectContaining({ kind: 'event', id: event.id, type: 'acknowledgement' }))
  })

  it('a non-persistent acknowledgement ends at the next state change (SPEC §4)', async () => {
    const { resource, name } = await objects(null, 2)
    await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'known', persistent: false })
    expect((await resourceRow(resource.id)).acknowledged).toBe(true)
    await result(name, 'disk', 2) // the same state again: no change, still acknowledged
    expect((await resourceRow(resource.id)).acknowledged).toBe(true)
    await result(name, 'disk', 1) // critical → warning
    expect((await resourceRow(resource.id)).acknowledged).toBe(false)
    expect((await a.api.get(`/api/v1/resources/${resource.id}/acknowledgements`)).body.totalresults).toBe(0)
  })

  it('a persistent acknowledgement survives other problem states and ends when the object is OK again', async () => {
    const { resource, name } = await objects(null, 1)
    await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'sticky', persistent: true })
    await result(name, 'disk', 2)
    await result(name, 'disk', 3)
    expect((await resourceRow(resource.id)).acknowledged).toBe(true)
    await result(name, 'disk', 0)
    expect((await resourceRow(resource.id)).acknowledged).toBe(false)
  })

  it('acknowledging again replaces the acknowledgement in effect', async () => {
    const { host } = await objects(2, null)
    await a.api.post(`/api/v1/hosts/${host.id}/acknowledgements`, { comment: 'first' })
    await a.api.post(`/api/v1/hosts/${host.id}/acknowledgements`, { comment: 'second', persistent: true })
    expect((await a.api.get(`/api/v1/hosts/${host.id}/acknowledgements`)).body.result.map((x: any) => [x.comment, x.persistent])).toEqual([
      ['second', true],
    ])
  })

  it('DELETE removes the acknowledgement; removing where none is in effect answers acknowledgement_delete_failed (SPEC §8)', async () => {
    const { resource } = await objects(null, 2)
    await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'temporary' })
    const del = await a.api.del(`/api/v1/resources/${resource.id}/acknowledgements`)
    expect([del.status, del.body]).toEqual([200, { removed: 1 }])
    expect((await resourceRow(resource.id)).acknowledged).toBe(false)
    expect((await ackEvents(resource.host_id)).map((e) => e.status)).toEqual(['ADDED', 'REMOVED'])
    const again = await a.api.del(`/api/v1/resources/${resource.id}/acknowledgements`)
    expect([again.status, again.body.error.key]).toEqual([400, 'acknowledgement_delete_failed'])
  })

  it('refuses an empty comment, a wrong type and ids of another object with validation_failed, writing nothing', async () => {
    const { host, resource } = await objects(2, 2)
    const cases: [string, Record<string, unknown>, string][] = [
      [`/api/v1/hosts/${host.id}/acknowledgements`, { comment: '   ' }, 'body.comment'],
      [`/api/v1/hosts/${host.id}/acknowledgements`, {}, 'body.comment'],
      [`/api/v1/hosts/${host.id}/acknowledgements`, { comment: 'x', persistent: 'yes' }, 'body.persistent'],
      [`/api/v1/hosts/${host.id}/acknowledgements`, { comment: 'x', resource_id: resource.id }, 'body.resource_id'],
      [`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'x', host_id: host.id + 1 }, 'body.host_id'],
    ]
    for (const [url, body, field] of cases) {
      const r = await a.api.post(url, body)
      expect([r.status, r.body.error.key, r.body.error.extra_info.field]).toEqual([400, 'validation_failed', field])
    }
    expect((await a.api.get(`/api/v1/hosts/${host.id}`)).body.acknowledged).toBe(false)
    expect((await resourceRow(resource.id)).acknowledged).toBe(false)
    expect(await ackEvents(host.id)).toEqual([])
  })

  it('refuses to acknowledge an object that is OK or never checked (acknowledgement_add_failed)', async () => {
    const { host, resource } = await objects(0, null)
    for (const url of [`/api/v1/hosts/${host.id}/acknowledgements`, `/api/v1/resources/${resource.id}/acknowledgements`]) {
      const r = await a.api.post(url, { comment: 'nothing wrong' })
      expect([r.status, r.body.error.key, r.body.error.extra_info.reason]).toEqual([400, 'acknowledgement_add_failed', 'no_problem'])
    }
  })

  it('needs add_acknowledgement on the environment (SPEC §6)', async () => {
    // Every authorization group of permissions.ts may acknowledge; the rule is checked on a scope without it.
    const { host } = await objects(2, null)
    const scope = await loadScope(
      server.vigil.store.db,
      (await server.vigil.store.db.selectFrom('users').select('id').where('username', '=', a.username).executeTakeFirstOrThrow()).id,
    )
    const target = {
      object: 'host' as const,
      id: host.id,
      hostId: host.id,
      hostgroupId: a.environmentId,
      name: host.name,
      hostName: host.name,
      resourceName: null,
      state: 'down',
      pluginOutput: '',
      acknowledged: false,
      tickets: [],
    }
    expect(acknowledgeRefusal(scope, target)).toBeNull()
    const without = {
      ...scope,
      envActions: new Map([[a.environmentId, scope.envActions.get(a.environmentId)!.filter((x) => x !== 'add_acknowledgement')]]),
    }
    expect(acknowledgeRefusal(without, target)).toEqual({ key: 'unauthorized', extra: { action: 'add_acknowledgement' } })
  })

  it("reads another organization's host or resource as not found, and leaves it alone", async () => {
    const { host, resource } = await objects(2, 2)
    const r = await b.api.post(`/api/v1/hosts/${host.id}/acknowledgements`, { comment: 'not mine' })
    expect([r.status, r.body.error.key]).toEqual([404, 'host_not_found'])
    expect((await b.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'not mine' })).body.error.key).toBe(
      'resource_check_not_found',
    )
    expect((await b.api.get(`/api/v1/hosts/${host.id}/acknowledgements`)).status).toBe(404)
    expect((await b.api.del(`/api/v1/resources/${resource.id}/acknowledgements`)).status).toBe(404)
    expect((await a.api.get(`/api/v1/hosts/${host.id}`)).body.acknowledged).toBe(false)
  })
})
