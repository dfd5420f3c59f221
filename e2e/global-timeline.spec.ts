/**
 * Issue 17 "Tests": the global timeline (SPEC §2 /monitoring/timeline) as an operator reads it, against the
 * built app and the real server: the state changes of all their hosts and nobody else's, maintenance ahead
 * in "Upcoming events", a quick filter that hides a kind of event (SPEC §4), and a subject's link to its
 * own timeline tab.
 */
import { describe, expect, it } from 'vitest'
import { engineerWith } from './monitored-hosts'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()
const nowS = () => Math.floor(Date.now() / 1000)

describe('global timeline (issue 17)', () => {
  it("shows every host's events of the organization, upcoming maintenance, hides a kind by its quick filter and links to the host", async () => {
    const user = await engineerWith(suite, [
      { name: 'tl-web', status: 2 },
      { name: 'tl-db', status: 0, resources: [{ name: 'disk', status: 2, output: 'DISK CRITICAL - tl-db full' }] },
    ])
    await engineerWith(suite, [{ name: 'tl-foreign', status: 2 }])
    const downtime = await user.api.post(`/api/v1/hosts/${user.ids['tl-db']}/downtimes`, {
      start_time: nowS() + 3600,
      end_time: nowS() + 7200,
      comment: 'Firmware update',
      is_flexible: false,
    })
    expect(downtime.status).toBe(201)

    const page = await openAs(suite, user, '/monitoring/timeline')
    const past = page.getByRole('region', { name: 'Past events' })
    const upcoming = page.getByRole('region', { name: 'Upcoming events' })
    await past.getByRole('listitem').filter({ hasText: 'PING CRITICAL - tl-web unreachable' }).waitFor()
    await past.getByRole('listitem').filter({ hasText: 'DISK CRITICAL - tl-db full' }).waitFor()
    const maintenance = upcoming.getByRole('listitem').filter({ hasText: 'tl-db' })
    await maintenance.waitFor()
    expect(await maintenance.innerText()).toMatch(/Maintenance/)
    // Another organization's host is never on this timeline (SPEC §6: only what the user may see).
    expect(await page.getByText('tl-foreign').count()).toBe(0)

    const filters = page.getByRole('group', { name: 'Event filters' })
    await filters.getByRole('button', { name: 'Maintenance' }).click()
    await maintenance.waitFor({ state: 'detached' })
    await upcoming.getByText('No events.').waitFor()
    expect(await filters.getByRole('button', { name: 'Maintenance' }).getAttribute('aria-pressed')).toBe('false')
    // State changes stay while maintenance is hidden.
    await past.getByRole('listitem').filter({ hasText: 'PING CRITICAL - tl-web unreachable' }).waitFor()

    await past.getByRole('link', { name: 'tl-web', exact: true }).first().click()
    await page.waitForURL(/#\/monitoring\/hosts\/tl-web\/timeline/)
    await page.getByRole('region', { name: 'Past events' }).getByText('PING CRITICAL - tl-web unreachable').waitFor()
  })
})
