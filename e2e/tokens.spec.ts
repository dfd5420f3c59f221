/**
 * Issue 16 in Chromium against the built app and the real server: an API token created on /user/tokens works
 * from a script (fetch) until it is revoked; a NOC wall opened with `?token=<wall token>` shows its map fullscreen
 * and nothing else; a page size chosen on /user/preferences is still chosen after a reload.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, tokenOf, uniq, type Tenant } from '../tests/helpers/api'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

async function open(route: string, token: string): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 } })
  suite.contexts.push(context)
  const page = await context.newPage()
  await page.goto(`${suite.server.baseUrl}/#${route}?token=${encodeURIComponent(token)}`)
  return page
}

const currentUserWith = (token: string) =>
  fetch(`${suite.server.baseUrl}/api/v1/users/current`, { headers: { authorization: `Bearer ${token}` } })

/** A published, empty map of the tenant's environment; its viewer path. */
async function publishedMap(user: Tenant, alias: string) {
  const map = await user.api.post('/api/v1/maps', { alias, hostgroup_id: user.environmentId, layout: 2 })
  expect(map.status).toBe(201)
  expect((await user.api.post(`/api/v1/maps/${map.body.id}/lock`)).status).toBe(200)
  expect((await user.api.post(`/api/v1/maps/${map.body.id}/publish`, { comment: 'wall' })).status).toBe(200)
  expect((await user.api.del(`/api/v1/maps/${map.body.id}/lock`)).status).toBe(204)
  return { id: map.body.id as number, path: `/maps/${encodeURIComponent(map.body.hostgroup_name)}/${encodeURIComponent(map.body.name)}` }
}

describe('tokens and preferences (issue 16)', () => {
  it('creates an API token on /user/tokens that a script uses until it is revoked', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const page = await open('/user/tokens', await tokenOf(suite.server, user))
    await page.getByRole('heading', { name: 'API tokens' }).waitFor()
    await page.getByLabel('Name').fill('ab')
    await page.getByRole('button', { name: 'Create token' }).click()
    await page.getByText('The name needs at least 3 characters').waitFor()
    await page.getByLabel('Name').fill('Backup script')
    await page.getByLabel('Expires in (days)').fill('30')
    await page.getByRole('button', { name: 'Create token' }).click()
    const value = (await page.getByTestId('token-value').innerText()).trim()
    expect(value.length).toBeGreaterThan(40)
    const table = page.getByRole('table', { name: 'API tokens' })
    await table.getByRole('cell', { name: 'Backup script' }).waitFor()
    const me = await currentUserWith(value)
    expect(me.status).toBe(200)
    expect(((await me.json()) as { username: string }).username).toBe(user.username)

    page.once('dialog', (d) => void d.accept())
    await table.getByRole('button', { name: 'Revoke' }).click()
    await expect.poll(async () => (await currentUserWith(value)).status).toBe(401)
    await expect.poll(() => table.getByRole('cell', { name: 'Backup script' }).count()).toBe(0)
  })

  it('a wall opened with ?token=<wall token> shows its map fullscreen and is refused elsewhere', async () => {
    const admin = await makeTenant(suite.server, suite.admin, 'administrator')
    const wallMap = await publishedMap(admin, uniq('Core'))
    const other = await publishedMap(admin, uniq('Branches'))
    const created = await admin.api.post('/api/v1/wall-tokens', {
      name: 'NOC wall',
      expire_days: 365,
      hostgroup_id: admin.environmentId,
      map_ids: [wallMap.id],
    })
    expect(created.status).toBe(201)
    const page = await open(`${wallMap.path}/fullscreen`, created.body.token)
    await page.getByTestId('map-fullscreen').waitFor()
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    // Kept by its own expiry (a year), not the 12 h of a URL token.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('vigil.token') ?? 'null') as { value: string; expires: number })
    expect(kept.value).toBe(created.body.token)
    expect(kept.expires - Date.now()).toBeGreaterThan(364 * 86_400_000)

    await page.goto(`${suite.server.baseUrl}/#/monitoring/hosts`)
    await page.getByText('You are not authorized to see this page.').waitFor()
    const answer = await page.evaluate(
      async ([id, token]) => (await fetch(`/api/v1/maps/${id}`, { headers: { authorization: `Bearer ${token}` } })).status,
      [other.id, created.body.token] as const,
    )
    expect(answer).toBe(404)
  })

  it('the wall link made on /user/tokens opens the chosen map fullscreen on a browser that never logged in', async () => {
    const admin = await makeTenant(suite.server, suite.admin, 'administrator')
    const alias = uniq('Wall')
    const wallMap = await publishedMap(admin, alias)
    const page = await open('/user/tokens', await tokenOf(suite.server, admin))
    const walls = page.getByRole('region', { name: 'Wall tokens' })
    await walls.getByLabel('Name').fill('Lobby screen')
    await walls.getByLabel('Expires in (days)').fill('30')
    await walls.getByLabel(alias).check()
    await walls.getByRole('button', { name: 'Create wall token' }).click()
    const link = (await walls.getByTestId('token-value').innerText()).trim()
    expect(link).toContain(`/#${wallMap.path}/fullscreen?token=`)
    const wall = await (await suite.browser.newContext()).newPage()
    suite.contexts.push(wall.context())
    await wall.goto(link)
    await wall.getByTestId('map-fullscreen').waitFor()
  })

  it('a page size chosen on /user/preferences sticks after a reload', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const page = await open('/user/preferences', await tokenOf(suite.server, user))
    const select = page.getByLabel('Rows per page')
    await expect(select.inputValue()).resolves.toBe('50')
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/current') && r.request().method() === 'PUT' && r.ok())
    await select.selectOption('10')
    await saved
    await page.reload()
    await expect(page.getByLabel('Rows per page').inputValue()).resolves.toBe('10')
    expect((await user.api.get('/api/v1/users/current')).body.preferences.page_size).toBe(10)
  })

  it('a ?token= different from the stored one reloads the page as the new user (SPEC §4 Login)', async () => {
    const first = await makeTenant(suite.server, suite.admin, 'engineer')
    const second = await makeTenant(suite.server, suite.admin, 'engineer')
    const page = await open('/user/preferences', await tokenOf(suite.server, first))
    await page.getByRole('button', { name: `User menu for ${first.username}` }).waitFor()
    await page.evaluate(() => {
      ;(window as unknown as { before: boolean }).before = true
    })
    // Only the hash changes: without a reload the page would keep its state.
    await page.goto(`${suite.server.baseUrl}/#/user/preferences?token=${encodeURIComponent(await tokenOf(suite.server, second))}`)
    await page.getByRole('button', { name: `User menu for ${second.username}` }).waitFor()
    await expect(page.evaluate(() => (window as unknown as { before?: boolean }).before)).resolves.toBeUndefined()
    expect(page.url()).not.toContain('token=')
  })
})
