/**
 * SPEC §2 Assets (/assets/hosts, /assets/{hostname}/{tab}, /assets/software and
 * /assets/software/{hosttype}/{package_name}) as an engineer uses them, against the
 * built app and the real server, with inventories pushed through the software API (PUT hosts/{id}/software, as an
 * agent does): the packages of the tenant's hosts by host type with host and version counts, sorted by the server,
 * a package's versions, the hosts with an inventory and one host's packages, and what the screens say when there is
 * nothing to show. Another tenant's software is
 * never counted (SPEC §6).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()

/** The cells of each data row, top to bottom: host type, package, hosts, versions. */
async function rows(table: Locator): Promise<string[][]> {
  const out: string[][] = []
  for (const row of (await table.getByRole('row').all()).slice(1))
    out.push((await row.getByRole('cell').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim()))
  return out
}

describe('assets (SPEC §2 Assets)', () => {
  let user: Tenant
  let empty: Tenant

  beforeAll(async () => {
    ;[user, empty] = [await makeTenant(suite.server, suite.admin), await makeTenant(suite.server, suite.admin)]
    const other = await makeTenant(suite.server, suite.admin)
    const push = async (t: Tenant, name: string, hosttype: string, software: unknown[]) => {
      const host = await t.api.post('/api/v1/hosts/', {
        name,
        hosttype,
        hostgroup_id: t.environmentId,
        check_type: '1',
        custom_check: true,
      })
      expect(host.status).toBe(201)
      expect((await t.api.put(`/api/v1/hosts/${host.body.id}/software`, { software })).status).toBe(200)
    }
    await push(user, 'web-01', 'linux', [
      { name: 'openssl', version: '3.0.2' },
      { name: 'nginx', version: '1.24.0' },
    ])
    await push(user, 'web-02', 'linux', [{ name: 'openssl', version: '1.1.1' }])
    await push(user, 'ws-01', 'windows', [{ name: '7-Zip', version: '' }])
    // Another customer's openssl, on a host type of its own: never in `user`'s counts.
    await push(other, 'their-01', 'linux', [
      { name: 'openssl', version: '3.0.2' },
      { name: 'secret-tool', version: '1' },
    ])
  })

  const table = (page: Page) => page.getByRole('table', { name: 'Software' })

  it("lists the tenant's packages by host type with host and version counts, sorted by the server", async () => {
    const page = await openAs(suite, user, '/assets/software')
    await page.getByRole('heading', { name: 'Software' }).waitFor()
    await expect
      .poll(() => rows(table(page)))
      .toEqual([
        ['linux', 'nginx', '1', '1.24.0 (1)'],
        ['linux', 'openssl', '2', '1.1.1 (1), 3.0.2 (1)'],
        ['windows', '7-Zip', '1', '(no version) (1)'],
      ])
    // Most installed first within each host type, then back to names.
    const hosts = table(page).getByRole('button', { name: /^Hosts/ })
    await hosts.click()
    await page.waitForURL(/order=host_count/)
    await hosts.click()
    await page.waitForURL(/order=-host_count/)
    await expect.poll(async () => (await rows(table(page))).map((r) => r[1])).toEqual(['openssl', 'nginx', '7-Zip'])
  })

  it("opens a package's versions and goes back to all software", async () => {
    const page = await openAs(suite, user, '/assets/software')
    await table(page).getByRole('link', { name: 'Versions of openssl on linux hosts' }).click()
    await page.getByRole('heading', { name: 'openssl on linux hosts' }).waitFor()
    const versions = page.getByRole('table', { name: 'openssl on linux hosts' })
    await expect
      .poll(() => rows(versions))
      .toEqual([
        ['1.1.1', '1'],
        ['3.0.2', '1'],
      ])
    await page.getByRole('link', { name: 'All software' }).click()
    await table(page).waitFor()
  })

  it('says content not found for a package no host of the tenant has, and when no host has reported software', async () => {
    const page = await openAs(suite, user, '/assets/software/linux/secret-tool')
    // SPEC §8 asset_data_not_found, shown by the error handler as any content not found.
    await page.getByRole('heading', { name: 'Content not found' }).waitFor()
    expect(await page.getByRole('table').count()).toBe(0)

    const none = await openAs(suite, empty, '/assets/software')
    await none.getByText('No host has reported its software yet.', { exact: false }).waitFor()
    await table(none).getByText('No records.').waitFor()
  })
})

describe('host assets (SPEC §2 Assets)', () => {
  let user: Tenant

  beforeAll(async () => {
    user = await makeTenant(suite.server, suite.admin)
    const host = (name: string, hosttype: string) =>
      user.api.post('/api/v1/hosts/', { name, hosttype, hostgroup_id: user.environmentId, check_type: '1', custom_check: true })
    const db = await host('db-01', 'linux')
    expect((await host('bare-01', 'linux')).status).toBe(201)
    const software = [
      { name: 'postgresql-15', version: '15.8-0+deb12u1', arch: 'amd64', vendor: 'Debian' },
      { name: 'openssl', version: '3.0.15-1~deb12u1', arch: 'amd64' },
      { name: 'adduser', version: '3.134' },
    ]
    expect((await user.api.put(`/api/v1/hosts/${db.body.id}/software`, { software })).status).toBe(200)
  })

  it('lists the hosts with an inventory and opens one host’s packages, sorted, under its section tab', async () => {
    const page = await openAs(suite, user, '/assets/hosts')
    const hosts = page.getByRole('table', { name: 'Host assets' })
    // bare-01 has reported nothing: it is not a host asset.
    await expect.poll(() => rows(hosts)).toEqual([['db-01', 'linux', expect.any(String), '']])
    await hosts.getByRole('link', { name: 'db-01' }).click()
    await page.getByRole('heading', { name: 'db-01' }).waitFor()
    const packages = page.getByRole('table', { name: 'Packages' })
    await expect
      .poll(async () => (await rows(packages)).map((r) => r.slice(0, 4)))
      .toEqual([
        ['adduser', '3.134', '', ''],
        ['openssl', '3.0.15-1~deb12u1', '', 'amd64'],
        ['postgresql-15', '15.8-0+deb12u1', 'Debian', 'amd64'],
      ])
    const name = packages.getByRole('button', { name: /^Package/ })
    await name.click()
    await name.click()
    await page.waitForURL(/order=-name/)
    await expect.poll(async () => (await rows(packages)).map((r) => r[0])).toEqual(['postgresql-15', 'openssl', 'adduser'])
    expect(await page.getByRole('navigation', { name: 'Asset sections' }).getByRole('link').allInnerTexts()).toEqual(['Packages'])
  })

  it('says a host has no asset data when nothing was reported', async () => {
    const page = await openAs(suite, user, '/assets/bare-01')
    await page.getByRole('status').filter({ hasText: 'bare-01 has no asset data' }).waitFor()
    expect(await page.getByRole('table').count()).toBe(0)
  })
})
