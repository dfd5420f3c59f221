/**
 * SPEC §2 /assets/{hostname}/{tab} with the SPEC §3 asset sections Vigil collects: a host whose inventory check
 * read a real snmpd (tests/fixtures/snmpd.ts, this machine's own system, interfaces, addresses and memory), its
 * sections as tabs in SPEC order beside the packages its agent pushed, against the built app and the real server.
 */
import { cpus } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { makeTenant, waitFor, type Tenant } from '../tests/helpers/api'
import { SNMPD_COMMUNITY, SYS_LOCATION, startSnmpd, type Snmpd } from '../tests/fixtures/snmpd'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })

async function column(table: Locator, index: number): Promise<string[]> {
  const out: string[] = []
  for (const row of (await table.getByRole('row').all()).slice(1)) out.push((await row.getByRole('cell').nth(index).innerText()).trim())
  return out
}

describe('collected asset sections (SPEC §3)', () => {
  let agent: Snmpd
  let user: Tenant

  beforeAll(async () => {
    agent = await startSnmpd()
    user = await makeTenant(suite.server, suite.admin)
    // A server admin aims it at loopback (issue 13: a customer may not).
    const host = await suite.admin.post('/api/v1/hosts/', {
      name: 'core-sw-01',
      hostgroup_id: user.environmentId,
      ip_address: '127.0.0.1',
      check_type: '1',
      secrets: { snmp_community: SNMPD_COMMUNITY },
    })
    expect(host.status).toBe(201)
    const resource = await suite.admin.post('/api/v1/resources/', {
      host_id: host.body.id,
      name: 'Inventory',
      check: { kind: 'inventory', config: { port: agent.port } },
      check_interval: 86400,
    })
    expect(resource.status).toBe(201)
    await waitFor(async () => (await user.api.get(`/api/v1/hosts/${host.body.id}/assets`)).body.totalresults > 0, 15_000)
    await user.api.put(`/api/v1/hosts/${host.body.id}/software`, { software: [{ name: 'snmpd', version: '5.9.3' }] })
  })
  afterAll(() => agent?.close())

  it('shows the sections in SPEC order and each collected table sorted by the user', async () => {
    const page = await openAs(suite, user, '/assets/core-sw-01')
    const tabs = page.getByRole('navigation', { name: 'Asset sections' }).getByRole('link')
    await expect
      .poll(() => tabs.allInnerTexts())
      .toEqual(['CPU', 'System', 'Packages', 'Memory', 'Addresses', 'Routes', 'Interfaces', 'Storage'])
    // The first tab with data opens: the machine's processors (their load once snmpd has sampled a minute).
    await expect.poll(() => page.getByRole('table', { name: 'CPU' }).getByRole('row').count()).toBe(cpus().length + 1)
    await tabs.filter({ hasText: 'System' }).click()
    const system = page.getByRole('region', { name: 'System' })
    await system.getByText(SYS_LOCATION).waitFor()
    await system.getByText('noc@example.com').waitFor()

    await tabs.filter({ hasText: 'Interfaces' }).click()
    await page.waitForURL(/\/assets\/core-sw-01\/interfaces/)
    const interfaces = page.getByRole('table', { name: 'Interfaces' })
    await expect.poll(async () => (await column(interfaces, 1)).includes('lo')).toBe(true)
    const lo = interfaces.getByRole('row').filter({ hasText: 'softwareLoopback' })
    expect(await lo.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['lo', 'softwareLoopback', '65536', 'up']))
    const name = interfaces.getByRole('button', { name: /^Name/ })
    await name.click()
    await name.click()
    await page.waitForURL(/order=-name/)
    const descending = (names: string[]) =>
      names.join() === [...names].sort((a, b) => b.localeCompare(a, undefined, { numeric: true })).join()
    await expect.poll(async () => descending(await column(interfaces, 1))).toBe(true)

    await tabs.filter({ hasText: 'Storage' }).click()
    const storage = page.getByRole('table', { name: 'Storage' })
    const memory = storage.getByRole('row').filter({ hasText: 'Physical memory' })
    await memory.waitFor()
    // Sizes read as sizes (allocation units times units), not raw numbers.
    expect((await memory.getByRole('cell').allInnerTexts()).join(' ')).toMatch(/\d(\.\d)? (MB|GB)/)

    await tabs.filter({ hasText: 'Memory' }).click()
    await page
      .getByRole('region', { name: 'Memory' })
      .getByText(/^\d+(\.\d)? GB$/)
      .waitFor()

    await tabs.filter({ hasText: 'Packages' }).click()
    await page.getByRole('table', { name: 'Packages' }).getByRole('cell', { name: 'snmpd' }).waitFor()
  })
})
