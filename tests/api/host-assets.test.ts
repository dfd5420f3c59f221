/**
 * SPEC §3 asset sections collected by Vigil: an `inventory` resource read from a real snmpd by the engine, the
 * host's sections through GET hosts/{id}/assets, the host's asset data flag with and without packages, and
 * another organization learning nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, waitFor } from '../helpers/api'
import { SNMPD_COMMUNITY, SYS_LOCATION, startSnmpd, type Snmpd } from '../fixtures/snmpd'

describe.each(DATABASES)('collected asset sections on %s', (db) => {
  let agent: Snmpd
  beforeAll(async () => {
    agent = await startSnmpd()
  })
  afterAll(() => agent?.close())
  const {
    admin,
    tenants: { a, b },
  } = useApiSuite(db, { env: { VIGIL_ENGINE: '1' }, tenants: { a: 'administrator', b: 'administrator' } })

  /** SPEC §2 has_asset_data of one host, as the host list gives it. */
  const flag = async (id: number) =>
    (await a.api.get(`/api/v1/hosts/?filter=${encodeURIComponent(JSON.stringify({ id }))}&columns=id,has_asset_data`)).body.result[0]
      .has_asset_data

  it("stores what the host's agent reports, for whoever sees the host", async () => {
    // A server admin aims it at loopback (issue 13: a customer may not).
    const host = (
      await admin.post('/api/v1/hosts/', {
        name: uniq('core-sw'),
        hostgroup_id: a.environmentId,
        ip_address: '127.0.0.1',
        check_type: '1',
        secrets: { snmp_community: SNMPD_COMMUNITY },
      })
    ).body
    expect((await a.api.get(`/api/v1/hosts/${host.id}/assets`)).body).toEqual({ result: [], totalresults: 0 })
    const created = await admin.post('/api/v1/resources/', {
      host_id: host.id,
      name: 'Inventory',
      check: { kind: 'inventory', config: { port: agent.port } },
      check_interval: 86400,
    })
    expect(created.status).toBe(201)
    const sections = await waitFor(async () => {
      const r = await a.api.get(`/api/v1/hosts/${host.id}/assets`)
      return r.body.totalresults > 0 && r.body.result
    }, 15_000)
    // SPEC §3 order, each section the agent has (this machine's snmpd has them all).
    const rows = (name: string) => sections.find((s: { section: string }) => s.section === name)?.rows
    expect(sections.map((s: { section: string }) => s.section)).toEqual([
      'cpu',
      'system',
      'memory',
      'addresses',
      'routes',
      'interfaces',
      'storage',
    ])
    expect(rows('system')).toEqual([expect.objectContaining({ location: SYS_LOCATION, contact: 'noc@example.com' })])
    expect(rows('interfaces')).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'lo', type: 'softwareLoopback' })]))
    expect(rows('addresses')).toEqual(expect.arrayContaining([{ address: '127.0.0.1', netmask: '255.0.0.0', interface: 'lo' }]))
    const resource = (await a.api.get(`/api/v1/resources/${created.body.id}`)).body
    expect(resource.state).toBe('ok')
    expect(resource.plugin_output).toMatch(/^INVENTORY OK - .+: \d+ interfaces, \d+ addresses, \d+ storage areas$/)
    expect(JSON.stringify(resource)).not.toContain(SNMPD_COMMUNITY)

    // SPEC §2: the host now has asset data, also after its agent pushes an empty package list.
    expect(await flag(host.id)).toBe(true)
    expect((await a.api.put(`/api/v1/hosts/${host.id}/software`, { software: [] })).status).toBe(200)
    expect(await flag(host.id)).toBe(true)

    // Another organization learns nothing.
    const hidden = await b.api.get(`/api/v1/hosts/${host.id}/assets`)
    expect([hidden.status, hidden.body.error.key]).toEqual([404, 'host_not_found'])
    expect(JSON.stringify(hidden.body)).not.toContain(SYS_LOCATION)
  })

  it('keeps the flag in step with packages alone', async () => {
    const host = (await a.api.post('/api/v1/hosts/', { name: uniq('pc'), hostgroup_id: a.environmentId, check_type: '1' })).body
    await a.api.put(`/api/v1/hosts/${host.id}/software`, { software: [{ name: 'openssl', version: '3.0.11' }] })
    expect(await flag(host.id)).toBe(true)
    await a.api.put(`/api/v1/hosts/${host.id}/software`, { software: [] })
    expect(await flag(host.id)).toBe(false)
  })
})
