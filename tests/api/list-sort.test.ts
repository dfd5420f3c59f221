/** SPEC §4 table sort on the monitoring lists: state columns order by severity, not by name, on both databases. */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value))

describe.each(DATABASES)('state sort and filters on %s', (db) => {
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' } })
  const hostStates: Record<string, string> = { 'h-up': 'up', 'h-down': 'down', 'h-unreachable': 'unreachable', 'h-pending': 'pending' }
  const resourceStates: Record<string, string> = { ok: 'ok', warning: 'warning', critical: 'critical', unknown: 'unknown' }
  beforeAll(async () => {
    for (const name of Object.keys(hostStates)) {
      const r = await t.api.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, hosttype: 'linux', custom_check: true })
      expect(r.status).toBe(201)
    }
    const host = (await t.api.get('/api/v1/hosts/h-up')).body
    for (const name of Object.keys(resourceStates)) {
      const r = await t.api.post('/api/v1/resources/', {
        host_id: host.id,
        name,
        check: { kind: 'tcp', config: { host: '198.51.100.1', port: 1 } },
      })
      expect(r.status).toBe(201)
    }
    // States are the engine's to write; set them directly.
    for (const [name, state] of Object.entries(hostStates))
      await server.vigil.store.db.updateTable('hosts').set({ state }).where('name', '=', name).execute()
    for (const [name, state] of Object.entries(resourceStates))
      await server.vigil.store.db.updateTable('resources').set({ state }).where('display_name', '=', name).execute()
  })

  const names = async (path: string, field: string) => {
    const r = await t.api.get(path)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return (r.body.result as Record<string, string>[]).map((row) => row[field])
  }

  it('sorts hosts by SPEC §4 severity (up, unreachable, down), not alphabetically', async () => {
    expect(await names('/api/v1/hosts/?order=state', 'name')).toEqual(['h-pending', 'h-up', 'h-unreachable', 'h-down'])
    expect(await names('/api/v1/hosts/?order=-state', 'name')).toEqual(['h-down', 'h-unreachable', 'h-up', 'h-pending'])
  })

  it('sorts resources by SPEC §4 severity (ok, unknown, warning, critical), also after another term', async () => {
    expect(await names('/api/v1/resources/?order=-state', 'display_name')).toEqual(['critical', 'warning', 'unknown', 'ok'])
    expect(await names(`/api/v1/resources/?order=${q(['host_name', 'state'])}`, 'display_name')).toEqual([
      'ok',
      'unknown',
      'warning',
      'critical',
    ])
  })

  it('pages a severity sort without repeating or losing rows', async () => {
    const first = await names('/api/v1/resources/?order=-state&limit=2&offset=0', 'display_name')
    const second = await names('/api/v1/resources/?order=-state&limit=2&offset=2', 'display_name')
    expect([...first, ...second]).toEqual(['critical', 'warning', 'unknown', 'ok'])
  })

  it('filters with a two-rule OR group and an inverted rule (SPEC §7 advanced_filter)', async () => {
    const either = [
      {
        or: [
          ['state', 'equals', 'down'],
          ['state', 'equals', 'unreachable'],
        ],
      },
    ]
    expect((await names(`/api/v1/hosts/?order=name&advanced_filter=${q(either)}`, 'name')).sort()).toEqual(['h-down', 'h-unreachable'])
    const inverted = [{ key: 'name', operator: 'starts_with', value: 'h-u', inverted: true }]
    expect(await names(`/api/v1/hosts/?order=name&advanced_filter=${q(inverted)}`, 'name')).toEqual(['h-down', 'h-pending'])
  })

  it('filters resources on the type of their host and organization, and both on in_maintenance (issue 17 filter columns)', async () => {
    const all = ['critical', 'ok', 'unknown', 'warning']
    const by = async (rule: unknown[]) => await names(`/api/v1/resources/?order=display_name&advanced_filter=${q([rule])}`, 'display_name')
    expect(await by(['hosttype', 'equals', 'linux'])).toEqual(all)
    expect(await by(['hosttype', 'equals', 'windows'])).toEqual([])
    const organization = (await t.api.get('/api/v1/hosts/h-up')).body.organization_name
    expect(await by(['organization_name', 'equals', organization])).toEqual(all)
    await server.vigil.store.db.updateTable('resources').set({ scheduled_downtime_depth: 1 }).where('display_name', '=', 'ok').execute()
    expect(await by(['in_maintenance', 'equals', true])).toEqual(['ok'])
    expect(await by(['in_maintenance', 'equals', false])).toEqual(['critical', 'unknown', 'warning'])
  })
})
