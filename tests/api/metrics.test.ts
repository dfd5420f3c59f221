/**
 * Issue 20 `GET /api/v1/metrics`: host and resource states in Prometheus' text format for the token's user, only
 * those of the environments the user may see; a wall token (issue 16) does not read it.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, uniq } from '../helpers/api'

describe.each(DATABASES)('GET /api/v1/metrics on %s', (db) => {
  const {
    server,
    admin,
    addUser,
    tenants: { a },
  } = useApiSuite(db, { tenants: { a: 'administrator' } })

  it("answers the text exposition format with the states of the caller's environments only", async () => {
    const host = uniq('m-host')
    const hostId = (await a.api.post('/api/v1/hosts/', { name: host, hostgroup_id: a.environmentId, check_type: '1' })).body.id
    await a.api.post('/api/v1/resources/', { host_id: hostId, name: 'https', check_type: '1' })
    await a.api.post('/api/v1/results', { host, exit_status: 2, output: 'down' })
    const org = (await a.api.get(`/api/v1/organizations/${a.organizationId}`)).body.name
    const env = (await a.api.get(`/api/v1/hostgroups/${a.environmentId}`)).body.name

    const r = await a.api.get('/api/v1/metrics')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const lines = (r.body as string).split('\n')
    expect(lines).toContain(`vigil_host_state{organization="${org}",environment="${env}",host="${host}",state="down"} 1`)
    expect(lines).toContain(
      `vigil_resource_state{organization="${org}",environment="${env}",host="${host}",resource="https",state="pending"} 1`,
    )
    expect(lines).toContain('# TYPE vigil_resource_state gauge')

    // A user of another environment of the same organization sees the families, none of these series.
    const second = await admin.post('/api/v1/hostgroups/', { name: uniq('m-env'), organization_id: a.organizationId })
    expect(second.status).toBe(201)
    const neighbour = await addUser(a, 'administrator', { environmentId: second.body.id })
    const theirs = await neighbour.api.get('/api/v1/metrics')
    expect(theirs.status).toBe(200)
    expect(theirs.body).toContain('# TYPE vigil_host_state gauge')
    expect(theirs.body).not.toContain(host)
  })

  it('refuses a wall token and a request without a token', async () => {
    const map = (await a.api.post('/api/v1/maps', { alias: uniq('m-map'), hostgroup_id: a.environmentId, layout: 2 })).body
    const wall = await a.api.post('/api/v1/wall-tokens', {
      name: 'wall',
      expire_days: 30,
      hostgroup_id: a.environmentId,
      map_ids: [map.id],
    })
    expect(wall.status).toBe(201)
    expect((await client(server.baseUrl, wall.body.token).get('/api/v1/metrics')).status).toBe(403)
    expect((await client(server.baseUrl).get('/api/v1/metrics')).status).toBe(401)
  })
})
