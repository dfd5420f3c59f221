/**
 * Issue 13 "Tests that prove it": the general keys of SPEC §8 are raised where they apply.
 * `timeout` (an import past its time limit) is proven in tests/unit/integrations/isolated.test.ts;
 * `invalid_token` belongs to the feed ticket tests.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { useApiSuite } from '../helpers/suite'
import { tokenOf } from '../helpers/api'

describe('SPEC §8 general error keys', () => {
  const { server, admin } = useApiSuite('sqlite')
  let token: string
  let envId: number
  beforeAll(async () => {
    token = await tokenOf(server, { username: 'admin', password: server.adminPassword })
    envId = (await admin.get('/api/v1/hostgroups/?limit=1')).body.result[0].id
  })

  const upload = async (path: string) => {
    const r = await fetch(`${server.baseUrl}/api/v1/${path}`, {
      method: 'POST',
      body: '<report/>',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
    })
    return { status: r.status, body: (await r.json()) as any }
  }

  it('answers missing_required_parameter naming the query parameter that was not sent', async () => {
    for (const [path, parameter] of [
      ['risks/scans', 'hostgroup_id'],
      [`maps/import?hostgroup_id=${envId}&alias=x`, 'format'],
      ['maps/import?format=drawio&alias=x', 'hostgroup_id'],
    ]) {
      const r = await upload(path)
      expect(r.status, path).toBe(400)
      expect(r.body.error.key, path).toBe('missing_required_parameter')
      expect(r.body.error.extra_info).toMatchObject({ parameter, field: `querystring.${parameter}` })
    }
    // Sent but wrong is still validation_failed.
    const wrong = await upload('risks/scans?hostgroup_id=abc')
    expect(wrong.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'querystring.hostgroup_id' } })
  })

  it('answers feature_disabled to a reschedule while the engine is off (VIGIL_ENGINE=0)', async () => {
    const host = await admin.post('/api/v1/hosts/', { name: 'keys-host', hostgroup_id: envId, check_type: '1' })
    const res = await admin.post('/api/v1/resources/', { host_id: host.body.id, name: 'keys-check', check_type: '1' })
    for (const path of [`hosts/${host.body.id}`, `resources/${res.body.id}`]) {
      const r = await admin.post(`/api/v1/${path}/reschedule`)
      expect(r.status, path).toBe(403)
      expect(r.body.error).toMatchObject({ key: 'feature_disabled', extra_info: { feature: 'engine' } })
    }
  })

  describe('in maintenance (VIGIL_MAINTENANCE=1)', () => {
    const { server: down, admin: api } = useApiSuite('sqlite', {
      env: { VIGIL_MAINTENANCE: '1', VIGIL_MAINTENANCE_MESSAGE: 'Back at 06:00' },
    })

    it('answers service_not_available to writes, writes nothing, and keeps reads, login and logout', async () => {
      const before = (await api.get('/api/v1/hosts/')).body.totalresults
      const env = (await api.get('/api/v1/hostgroups/?limit=1')).body.result[0].id
      const r = await api.post('/api/v1/hosts/', { name: 'during-maintenance', hostgroup_id: env, check_type: '1' })
      expect(r.status).toBe(503)
      expect(r.body.error).toMatchObject({
        key: 'service_not_available',
        extra_info: { reason: 'maintenance', maintenance_message: 'Back at 06:00' },
      })
      expect((await api.put(`/api/v1/hostgroups/${env}`, { alias: 'x' })).status).toBe(503)
      expect((await api.get('/api/v1/hosts/')).body.totalresults).toBe(before)
      expect((await api.get('/api/v1/users/current')).status).toBe(200)
      expect(((await fetch(`${down.baseUrl}/version.json`).then((v) => v.json())) as any).maintenance).toBe(true)
      expect((await api.post('/api/v1/auth/logout')).status).toBe(204)
      expect((await api.get('/api/v1/users/current')).status).toBe(401)
    })
  })
})
