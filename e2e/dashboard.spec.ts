/**
 * The dashboard of issue 19 (SPEC §2 /dashboard) in Chromium against the built app and the real server: the state
 * totals match the hosts and resources made through the API, a posted result turns a problem up without a reload
 * (live feed), as does a change made before the feed confirmed the page's subscription, widgets added, removed,
 * resized and reordered stay so after a reload (saved per user), and a graph pinned from a resource's graphs tab
 * shows on the dashboard.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addUser, makeTenant } from '../tests/helpers/api'
import { engineerWith } from './monitored-hosts'
import { hostItem, publishedMap, upHost } from './map-pixels'
import { browserAs, holdFeedSubscriptions, openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()

const widget = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true })
/** The widgets' titles in their order on the grid, as their remove buttons name them (one per widget). */
const titles = async (page: Page) =>
  (
    await page
      .getByRole('list', { name: 'Widgets' })
      .getByRole('button', { name: /^Remove / })
      .allTextContents()
  ).map((text) => text.replace(/^×Remove /, ''))
/** Waits for the layout save a change starts (PUT dashboard/layout). */
const saved = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/v1/dashboard/layout') && r.request().method() === 'PUT' && r.ok())
/** A state's line in a totals list: its badge and its count. */
const total = (page: Page, list: string, state: string, count: number) =>
  widget(page, 'State totals')
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${state}\\s*${count}$`, 'i') })

/** An engineer's published map with one host item, the host up. */
async function mapOfOneHost() {
  const user = await makeTenant(suite.server, suite.admin, 'engineer')
  const host = await upHost(user)
  return { user, host, map: await publishedMap(user, { h1: hostItem('h1', host, { x: 400, y: 200, w: 240, h: 160 }) }) }
}

describe('dashboard (issue 19)', () => {
  it('shows state totals that match the hosts and resources, and a new problem arrives live', async () => {
    const user = await engineerWith(suite, [
      { name: 'web-01', status: 0, resources: [{ name: 'http', status: 0 }] },
      { name: 'web-02', status: 2, resources: [{ name: 'disk', status: 2, output: 'DISK CRITICAL - 99% used' }] },
      { name: 'db-01', status: 0, resources: [{ name: 'sql', status: 1 }] },
      { name: 'spare' },
    ])
    const page = await openAs(suite, user, '/dashboard')
    for (const [list, state, count] of [
      ['Hosts', 'up', 2],
      ['Hosts', 'down', 1],
      ['Hosts', 'unreachable', 0],
      ['Hosts', 'pending', 1],
      ['Resources', 'ok', 1],
      ['Resources', 'warning', 1],
      ['Resources', 'critical', 1],
    ] as const)
      await total(page, list, state, count).waitFor()

    const problems = widget(page, 'Newest unhandled problems')
    await problems.getByRole('link', { name: 'web-02 › disk' }).waitFor()
    await problems.getByText('DISK CRITICAL - 99% used').waitFor()
    await problems.getByRole('link', { name: 'web-02', exact: true }).waitFor()
    expect(await problems.getByRole('link', { name: 'db-01', exact: true }).count()).toBe(0)
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 19))

    const posted = await user.api.post('/api/v1/results', { host: 'db-01', exit_status: 2, output: 'PING CRITICAL - db-01 lost' })
    expect(posted.status).toBe(200)
    await problems.getByRole('link', { name: 'db-01', exact: true }).waitFor()
    await problems.getByText('PING CRITICAL - db-01 lost').waitFor()
    await total(page, 'Hosts', 'down', 2).waitFor()
    // The same document: nothing reloaded.
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(19)
  })

  it('adds, removes, resizes and reorders widgets, and a reload keeps the layout', async () => {
    const user = await engineerWith(suite, [{ name: 'app-01', status: 0 }])
    const page = await openAs(suite, user, '/dashboard')
    await widget(page, 'Maps in alarm').waitFor()
    expect(await titles(page)).toEqual(['State totals', 'Newest unhandled problems', 'Maps in alarm', 'Last hour'])
    await widget(page, 'Maps in alarm').getByText('No maps in alarm.').waitFor()

    let done = saved(page)
    await page.getByRole('button', { name: 'Remove Maps in alarm' }).click()
    await done
    await widget(page, 'Maps in alarm').waitFor({ state: 'detached' })

    done = saved(page)
    await page.getByRole('combobox', { name: 'Widget to add' }).selectOption({ label: 'State totals' })
    await page.getByRole('button', { name: 'Add widget' }).click()
    await done
    await widget(page, 'State totals 2').waitFor()

    // Reordered with the keyboard: focus the button and press Enter.
    done = saved(page)
    await page.getByRole('button', { name: 'Move Last hour earlier' }).focus()
    await page.keyboard.press('Enter')
    await done
    done = saved(page)
    await page.getByRole('combobox', { name: 'Size of Last hour' }).selectOption({ label: 'Large' })
    await done
    const expected = ['State totals', 'Last hour', 'Newest unhandled problems', 'State totals 2']
    expect(await titles(page)).toEqual(expected)

    await page.reload()
    await widget(page, 'State totals 2').waitFor()
    expect(await titles(page)).toEqual(expected)
    expect(await page.getByRole('combobox', { name: 'Size of Last hour' }).inputValue()).toBe('large')
    await page.getByText('Your own layout.').waitFor()

    // Or by pointer: a widget dragged onto another takes its place.
    done = saved(page)
    const problems = widget(page, 'Newest unhandled problems').getByRole('heading', { name: 'Newest unhandled problems' })
    await problems.dragTo(widget(page, 'State totals').getByRole('heading', { name: 'State totals' }))
    await done
    expect(await titles(page)).toEqual(['Newest unhandled problems', 'State totals', 'Last hour', 'State totals 2'])
  })

  it("pins a graph from a resource's graphs tab and shows it on the dashboard", async () => {
    const user = await engineerWith(suite, [{ name: 'gw-01', status: 0, resources: [{ name: 'latency', status: 0 }] }])
    const now = Math.floor(Date.now() / 1000)
    const results = Array.from({ length: 12 }, (_, i) => ({
      host: 'gw-01',
      resource: 'latency',
      exit_status: 0,
      output: 'LATENCY OK',
      perfdata: `rtt=${10 + i}ms;50;100;0;`,
      time: now - 3600 + i * 300,
    }))
    expect((await user.api.post('/api/v1/results', results)).status).toBe(200)

    const page = await openAs(suite, user, '/monitoring/hosts/gw-01/latency/graphs')
    await page.getByRole('img', { name: /^rtt: / }).waitFor()
    await page.getByRole('button', { name: 'Pin to dashboard' }).click()
    await page.getByRole('button', { name: 'Pinned to dashboard' }).waitFor()

    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click()
    const graph = widget(page, 'Graph')
    await graph.getByRole('link', { name: 'gw-01 › latency' }).waitFor()
    await graph.getByRole('img', { name: /^rtt over the last day, \d+ points$/ }).waitFor()

    // The resource gone (or no longer visible): the widget says so and shows nothing of it.
    expect((await user.api.del(`/api/v1/resources/${user.ids['gw-01/latency']}`)).status).toBe(204)
    await page.reload()
    await graph.getByText('This graph is unavailable: the resource is gone or no longer visible to you.').waitFor()
    expect(await graph.getByText('gw-01').count()).toBe(0)
  })

  it("an organization administrator's saved layout is the default of colleagues without their own", async () => {
    const administrator = await makeTenant(suite.server, suite.admin, 'administrator')
    const colleague = await addUser(suite.server, administrator, 'operator')
    const page = await openAs(suite, administrator, '/dashboard')
    await widget(page, 'Maps in alarm').waitFor()
    const done = saved(page)
    await page.getByRole('button', { name: 'Remove State totals' }).click()
    await done
    await page.getByRole('button', { name: 'Save as organization default' }).click()
    await page.getByText(/^Saved as the default of /).waitFor()

    const theirs = await openAs(suite, colleague, '/dashboard')
    await theirs.getByText('The default layout of your organization.').waitFor()
    expect(await titles(theirs)).toEqual(['Newest unhandled problems', 'Maps in alarm', 'Last hour'])
    // Only organization administrators set the default.
    expect(await theirs.getByRole('button', { name: 'Save as organization default' }).count()).toBe(0)
  })

  it('lists a map going into alarm with a picture of it, live', async () => {
    const { user, host, map } = await mapOfOneHost()
    const page = await openAs(suite, user, '/dashboard')
    const maps = widget(page, 'Maps in alarm')
    await maps.getByText('No maps in alarm.').waitFor()

    expect((await user.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    const link = maps.getByRole('link', { name: new RegExp(`^Map ${map.alias} ${map.alias} Map state: down$`) })
    await link.waitFor()
    // The picture is the map's drawing (an SVG of its live version), loaded and shown.
    const picture = maps.getByRole('img', { name: `Map ${map.alias}` })
    await picture.waitFor()
    await page.waitForFunction((alt) => {
      const img = [...document.images].find((i) => i.alt === alt)
      return !!img && img.complete && img.naturalWidth > 0
    }, `Map ${map.alias}`)
    await link.click()
    await page.waitForURL((url) => url.hash.startsWith(`#${map.path}/view`))
  })

  it('shows a change made before its live subscription was confirmed, once it is', async () => {
    const { user, host, map } = await mapOfOneHost()
    const { context, tab } = await browserAs(suite, user)
    const release = await holdFeedSubscriptions(context)
    const page = await tab('/dashboard')
    const maps = widget(page, 'Maps in alarm')
    await maps.getByText('No maps in alarm.').waitFor()
    expect((await user.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    expect((await user.api.get(`/api/v1/hosts/${encodeURIComponent(host.name)}`)).body).toMatchObject({ state: 'down' })
    release()
    await maps.getByRole('link', { name: new RegExp(`^Map ${map.alias} ${map.alias} Map state: down$`) }).waitFor({ timeout: 10_000 })
  })
})
