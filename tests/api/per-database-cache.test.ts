/**
 * Caches are owned per database (issue 14): two servers in one process (as tests and benchmarks run them) have
 * maps, versions and users of the same ids, and each answers from its own database (SPEC §6: a caller sees only
 * its own organizations).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { adminClient, makeTenant, uniq, type Tenant } from '../helpers/api'
import { emptyDocument } from '../../src/shared/maps/document'

const textDoc = (text: string) => ({
  ...emptyDocument(),
  items: { t: { kind: 'text', id: 't', x: 10, y: 10, w: 160, h: 24, z: 1, rotation: 0, text, font_size: 14 } },
})

describe.each(DATABASES)('caches per database on %s', (db) => {
  const servers: TestServer[] = []
  const tenants: Tenant[] = []
  const mapIds: number[] = []
  const alias = uniq('same-map')

  beforeAll(async () => {
    for (const text of ['first database', 'second database']) {
      const server = await startServer({ db })
      servers.push(server)
      const admin = await adminClient(server)
      // The second database has one environment more: its tenant's user has the first one's user id, but
      // another environment.
      if (text === 'second database') {
        const org = await admin.post('/api/v1/organizations/', { name: uniq('org') })
        await admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: org.body.id })
      }
      const tenant = await makeTenant(server, admin)
      tenants.push(tenant)
      const map = (await tenant.api.post('/api/v1/maps', { alias, hostgroup_id: tenant.environmentId, layout: 2 })).body
      mapIds.push(map.id)
      await tenant.api.post(`/api/v1/maps/${map.id}/lock`)
      expect((await tenant.api.put(`/api/v1/maps/${map.id}/document`, { document: textDoc(text) })).status).toBe(200)
      expect((await tenant.api.post(`/api/v1/maps/${map.id}/publish`, {})).status).toBe(200)
    }
  })
  afterAll(() => Promise.all(servers.map((s) => s.close())))

  it('serves each database its own published document of a map with the same id and version', async () => {
    expect(mapIds[0]).toBe(mapIds[1])
    for (const [i, text] of ['first database', 'second database'].entries()) {
      const live = await tenants[i].api.get(`/api/v1/maps/${mapIds[i]}/document?version=live`)
      expect(live.status).toBe(200)
      expect(live.body).toMatchObject({ map_id: mapIds[i], version: 1, document: { items: { t: { text } } } })
    }
  })

  it("answers each database's user with its own rights, though their user ids are the same", async () => {
    expect(tenants[0].environmentId).not.toBe(tenants[1].environmentId)
    const users = []
    // One after the other: the first server's answer loads (and caches) its user's rights first.
    for (const t of tenants) {
      users.push((await t.api.get('/api/v1/users/current')).body)
      const maps = await t.api.get(`/api/v1/maps?hostgroup_id=${t.environmentId}`)
      expect(maps.body.result.map((m: { alias: string }) => m.alias)).toEqual([alias])
    }
    expect(users[0].id).toBe(users[1].id)
  })
})
