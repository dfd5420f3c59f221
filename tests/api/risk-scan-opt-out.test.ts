/**
 * SPEC §3 host option `no_nessus_scan`: a host left out of Nessus scans gets no risks from an imported Nessus scan,
 * while the scan's other hosts do, and other scanners' findings for it are kept.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, type Tenant } from '../helpers/api'

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/risk-scans/${name}`, import.meta.url), 'utf8')

describe.each(DATABASES)('a host kept out of Nessus scans, on %s', (db) => {
  const { server, addTenant } = useApiSuite(db)
  const upload = async (t: Tenant, name: string) => {
    const r = await fetch(`${server.baseUrl}/api/v1/risks/scans?hostgroup_id=${t.environmentId}&file_name=${name}`, {
      method: 'POST',
      body: fixture(name),
      headers: { authorization: `Bearer ${await tokenOf(server, t)}`, 'content-type': 'application/xml' },
    })
    return (await r.json()) as { findings: number; imported: number }
  }
  const hostOf = (t: Tenant, name: string, ip_address: string, tags: string[]) =>
    t.api
      .post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, check_type: '1', ip_address, tags })
      .then((r) => r.body.id as number)
  const riskHosts = async (t: Tenant) =>
    ((await t.api.get('/api/v1/risks?limit=100')).body.result as { host_name: string; source: string }[]).map(
      (r) => `${r.source} ${r.host_name}`,
    )

  it('imports none of its Nessus findings and all of the others', async () => {
    const t = await addTenant()
    await hostOf(t, 'web-01', '10.0.0.11', ['no_nessus_scan'])
    await hostOf(t, 'db-01', '10.0.0.12', ['no_nessus_scan'])
    // site.nessus has three findings for web-01 (10.0.0.11) and one for a host Vigil does not know.
    expect(await upload(t, 'site.nessus')).toMatchObject({ findings: 1, imported: 1 })
    expect(await riskHosts(t)).toEqual(['nessus ghost.example.net'])
    // The option is about Nessus: an OpenVAS scan of db-01 is kept.
    expect((await upload(t, 'site-openvas.xml')).imported).toBeGreaterThan(0)
    expect(await riskHosts(t)).toContain('openvas db-01')
  })

  it('imports a host’s Nessus findings again once the option is taken off', async () => {
    const t = await addTenant()
    const id = await hostOf(t, 'web-01', '10.0.0.11', ['no_nessus_scan'])
    expect((await upload(t, 'site.nessus')).imported).toBe(1)
    expect((await t.api.put(`/api/v1/hosts/${id}`, { tags: [] })).status).toBe(200)
    expect((await upload(t, 'site.nessus')).imported).toBe(3)
  })
})
