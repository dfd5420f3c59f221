/**
 * Issue 17 "Actions" as an operator uses them, against the built app and the real server (engine on, so a
 * reschedule runs a check): acknowledge from a row's action menu with the options operators know, remove an
 * acknowledgement, remove all maintenance, reschedule a check, action panels beside the row with focus handled,
 * and no raw catalogue key visible on the main monitoring screens.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { waitFor, type Tenant } from '../tests/helpers/api'
import { engineerWith } from './monitored-hosts'
import { useBrowserSuite, openAs } from './browser'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })
const nowS = () => Math.floor(Date.now() / 1000)

/** An engineer of a fresh organization with passive hosts `down` (DOWN) and `up` (UP), each with a CRITICAL resource `disk`. */
const operatorWith = (down: string[], up: string[] = []) =>
  engineerWith(
    suite,
    [...down, ...up].map((name) => ({
      name,
      status: down.includes(name) ? 2 : 0,
      resources: [{ name: 'disk', status: 2, output: `DISK CRITICAL - ${name} full` }],
    })),
  )

const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)
const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text })

/** Opens the row's Actions menu and picks `item`. */
async function fromMenu(row: Locator, item: string) {
  await row.getByRole('button', { name: 'Actions' }).click()
  await row.page().getByRole('menuitem', { name: item }).click()
}

/** The panel's box lies inside the viewport, beside (under or above, at most 50 px away) or over the button it was opened from. */
async function expectBesideInView(page: Page, panel: Locator, anchor: Locator) {
  const [box, at] = [await panel.boundingBox(), await anchor.boundingBox()]
  const viewport = page.viewportSize()!
  expect(box && at).toBeTruthy()
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 1)
  const gap = Math.max(0, box!.y - (at!.y + at!.height), at!.y - (box!.y + box!.height))
  expect(gap).toBeLessThan(50)
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return el?.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? el.textContent) : (el?.textContent ?? null)
  })

describe('monitoring actions (issue 17)', () => {
  it('acknowledges a resource problem from the row menu with sticky, notify, expiry and a persistent comment', async () => {
    const user = await operatorWith(['store-01'])
    const page = await open(user, '/monitoring/problems')
    const row = rowOf(page, 'Problems', 'DISK CRITICAL - store-01')
    await fromMenu(row, 'Acknowledge…')
    const panel = page.getByRole('region', { name: 'Acknowledge' })
    await panel.waitFor()
    await expectBesideInView(page, panel, row.getByRole('button', { name: 'Actions' }))
    // Focus is in the first field, ready to type.
    expect(await focusedLabel(page)).toBe('Comment')
    await panel.getByRole('button', { name: 'Acknowledge' }).click()
    await panel.getByText('A comment is required.').waitFor()
    await panel.getByLabel('Comment', { exact: true }).fill('Replacing the disk tonight')
    await panel.getByLabel('Sticky: until OK/UP again').check()
    await panel.getByLabel('Notify contacts').check()
    await panel.getByLabel('Persistent comment (kept after the acknowledgement ends)').check()
    const expiry = new Date(Date.now() + 3 * 3600_000)
    const pad = (n: number) => String(n).padStart(2, '0')
    await panel
      .getByLabel('Expires at (optional)')
      .fill(
        `${expiry.getFullYear()}-${pad(expiry.getMonth() + 1)}-${pad(expiry.getDate())}T${pad(expiry.getHours())}:${pad(expiry.getMinutes())}`,
      )
    await panel.getByRole('button', { name: 'Acknowledge' }).click()
    await page.getByText('Acknowledgement added for store-01 – disk.').waitFor()
    await panel.waitFor({ state: 'detached' })
    const [ack] = (await user.api.get(`/api/v1/resources/${user.ids['store-01/disk']}/acknowledgements`)).body.result
    expect(ack).toMatchObject({ comment: 'Replacing the disk tonight', persistent: true, notify: true, persistent_comment: true })
    expect(Math.abs(ack.expire_time - Math.floor(expiry.getTime() / 60_000) * 60)).toBeLessThan(60)
  })

  it('removes an acknowledgement from the view panel (SPEC §4 Acknowledgements: remove)', async () => {
    const user = await operatorWith(['core-01'])
    await user.api.post(`/api/v1/hosts/${user.ids['core-01']}/acknowledgements`, { comment: 'On it', persistent: true })
    const page = await open(user, '/monitoring/hosts')
    const row = rowOf(page, 'Hosts', 'core-01')
    await row.getByRole('button', { name: 'View acknowledgement' }).click()
    const panel = page.getByRole('region', { name: 'Acknowledgements of core-01' })
    await panel.getByText('On it').waitFor()
    await panel.getByRole('button', { name: 'Remove acknowledgement' }).click()
    await page.getByText('Acknowledgement removed.').waitFor()
    await row.getByRole('button', { name: 'Acknowledge' }).waitFor()
    expect((await user.api.get(`/api/v1/hosts/${user.ids['core-01']}`)).body.acknowledged).toBe(false)
  })

  it('removes all maintenance of a host after confirming (SPEC §2 "remove-all confirmation", §8)', async () => {
    const user = await operatorWith(['db-01'])
    for (const comment of ['Patching', 'Backup window'])
      expect(
        (
          await user.api.post(`/api/v1/hosts/${user.ids['db-01']}/downtimes`, {
            start_time: nowS(),
            end_time: nowS() + 3600,
            comment,
            is_flexible: false,
          })
        ).status,
      ).toBe(201)
    const page = await open(user, '/monitoring/hosts')
    const row = rowOf(page, 'Hosts', 'db-01')
    await row.getByRole('button', { name: 'View maintenance' }).click()
    const panel = page.getByRole('region', { name: /Maintenance of db-01/ })
    await panel.getByText('Backup window').waitFor()
    await panel.getByRole('button', { name: 'Remove all maintenance' }).click()
    await panel.getByRole('alertdialog', { name: 'Confirm removal' }).getByRole('button', { name: 'Remove all' }).click()
    await page.getByText('Maintenance deleted.').waitFor()
    await row.getByRole('button', { name: 'Schedule maintenance' }).waitFor()
    expect((await user.api.get(`/api/v1/hosts/${user.ids['db-01']}`)).body.max_scheduled_downtime_depth).toBe(0)
  })

  it('shows and removes a maintenance scheduled for tomorrow before it starts (SPEC §4 Maintenance: scheduled, all removed)', async () => {
    const user = await operatorWith(['app-01'])
    const tomorrow = nowS() + 86400
    const scheduled = await user.api.post(`/api/v1/hosts/${user.ids['app-01']}/downtimes`, {
      start_time: tomorrow,
      end_time: tomorrow + 7200,
      comment: 'Upgrade tomorrow',
      is_flexible: false,
    })
    expect(scheduled.status).toBe(201)
    const page = await open(user, '/monitoring/hosts')
    const row = rowOf(page, 'Hosts', 'app-01')
    // Not in maintenance yet: the row's button schedules, and the menu still reaches what is scheduled.
    await row.getByRole('button', { name: 'Schedule maintenance' }).waitFor()
    await fromMenu(row, 'View or remove maintenance…')
    const panel = page.getByRole('region', { name: /Maintenance of app-01/ })
    await panel.getByText('Upgrade tomorrow').waitFor()
    await panel.getByText('Scheduled', { exact: true }).waitFor()
    await panel.getByRole('button', { name: 'Remove all maintenance' }).click()
    await panel.getByRole('alertdialog', { name: 'Confirm removal' }).getByRole('button', { name: 'Remove all' }).click()
    await page.getByText('Maintenance deleted.').waitFor()
    const left = await user.api.get(`/api/v1/hosts/${user.ids['app-01']}/downtimes`)
    expect(left.body.result).toEqual([])
  })

  it('lists a maintenance scheduled for later on the status page', async () => {
    const user = await operatorWith(['app-02'])
    const later = nowS() + 3 * 3600
    await user.api.post(`/api/v1/hosts/${user.ids['app-02']}/downtimes`, {
      start_time: later,
      end_time: later + 3600,
      comment: 'Disk swap',
      is_flexible: false,
    })
    const page = await open(user, '/monitoring/hosts/app-02/status')
    const fields = page.getByRole('definition').filter({ hasText: 'Disk swap' })
    await fields.getByText('Scheduled', { exact: true }).waitFor()
  })

  describe('with an active check', () => {
    let listener: net.Server
    let port = 0
    beforeAll(async () => {
      listener = net.createServer((s) => s.end())
      await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r))
      port = (listener.address() as net.AddressInfo).port
    })
    afterAll(() => listener.close())

    it('reschedules a check from the row menu: it runs now (SPEC §1 "Reschedule checks")', async () => {
      const host = (
        await suite.admin.post('/api/v1/hosts/', {
          name: `active-${port}`,
          hostgroup_id: 1,
          ip_address: '127.0.0.1',
          check: { kind: 'tcp', config: { port } },
          check_interval: 3600,
        })
      ).body
      const first = await waitFor(async () => {
        const h = (await suite.admin.get(`/api/v1/hosts/${host.id}`)).body
        return h.last_check ? h : undefined
      }, 15_000)
      const page = await openAs(suite, { username: 'admin', password: suite.server.adminPassword }, `/monitoring/hosts/${host.name}/status`)
      await page.getByRole('region', { name: 'Status' }).waitFor()
      await new Promise((r) => setTimeout(r, 1100))
      await page.getByRole('button', { name: 'Actions' }).first().click()
      await page.getByRole('menuitem', { name: 'Reschedule check' }).click()
      await page.getByText('Check rescheduled.').waitFor()
      await waitFor(async () => (await suite.admin.get(`/api/v1/hosts/${host.id}`)).body.last_check > first.last_check, 10_000)
    })
  })

  it('opens an action panel beside a row far down the page, and Escape returns focus to the menu button', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `far-${String(i).padStart(2, '0')}`)
    const user = await operatorWith(names)
    const page = await open(user, '/monitoring/hosts')
    const row = rowOf(page, 'Hosts', 'far-39')
    await row.scrollIntoViewIfNeeded()
    const toggle = row.getByRole('button', { name: 'Actions' })
    await fromMenu(row, 'Schedule maintenance…')
    const panel = page.getByRole('region', { name: 'Schedule maintenance' })
    await panel.waitFor()
    await expectBesideInView(page, panel, toggle)
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('shows no raw catalogue key on the main monitoring screens, their menus, panels and messages', async () => {
    const user = await operatorWith(['keys-01'], ['keys-02'])
    const rawKey = /\b(?:monitoring|ui|app|errors|errorReasons|auth|admin)\.[A-Za-z_]+(?:\.[A-Za-z_]+)*\b/
    const visible = (page: Page) =>
      page.evaluate(() => {
        const attrs = [...document.querySelectorAll('[title],[aria-label],[placeholder]')].flatMap((el) =>
          ['title', 'aria-label', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
        )
        return [document.body.innerText, document.title, ...attrs].join('\n')
      })
    const expectNoKey = async (page: Page, where: string) =>
      expect(`${where}: ${(await visible(page)).match(rawKey)?.[0] ?? ''}`).toBe(`${where}: `)

    const page = await open(user, '/monitoring/problems')
    const row = rowOf(page, 'Problems', 'DISK CRITICAL - keys-01')
    await row.waitFor()
    await row.getByRole('button', { name: 'Actions' }).click()
    await expectNoKey(page, 'problems with the row menu')
    await page.getByRole('menuitem', { name: 'Schedule maintenance…' }).click()
    const panel = page.getByRole('region', { name: 'Schedule maintenance' })
    await panel.getByLabel('Comment', { exact: true }).fill('Firmware update')
    await panel.getByRole('button', { name: 'Schedule' }).click()
    // The info message while maintenance is created was a raw key before issue 17.
    await page.getByText('Creating scheduled maintenance…').waitFor()
    await expectNoKey(page, 'problems with the messages')
    for (const route of [
      '/monitoring/hosts',
      '/monitoring/resources',
      `/monitoring/hosts/keys-01/status`,
      `/monitoring/hosts/keys-01/timeline`,
    ]) {
      await page.goto(`${suite.server.baseUrl}/#${route}`)
      await page.getByRole('main').getByText('keys-01').first().waitFor()
      await expectNoKey(page, route)
    }
  })
})
