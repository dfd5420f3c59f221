/**
 * What the wall means (issue 18; SPEC §4 MAP, HOST_MAP_STATE and severity), against the built app and the
 * real server in Chromium: a host item shows its resources' problems (unless the map is host-only), follow
 * alarms jumps to a new unhandled problem beside a handled one, a rack with one slot is coloured, and labels
 * stay readable on a big map fitted to a wall, and the popover acknowledges for users with the right.
 */
import { describe, expect, it } from 'vitest'
import { addUser, makeTenant, uniq } from '../tests/helpers/api'
import { browserAs, openAs, useBrowserSuite } from './browser'
import { darkPixels, DOWN, hostItem, itemPoint, publishedMap, UP, upHost, waitForColour } from './map-pixels'

const suite = useBrowserSuite()
const BOX = { x: 400, y: 300, w: 200, h: 120 }

describe('the wall (issue 18)', () => {
  it('turns a host item red when only its resource is CRITICAL, live, and keeps it green on a host-only map (SPEC §4 HOST_MAP_STATE)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const host = await upHost(user, ['disk', 'load'])
    const map = await publishedMap(user, { h: hostItem('h', host, BOX) })
    const quiet = await publishedMap(user, { h: hostItem('h', host, BOX) }, { extra: { view: { host_only: true } } })
    const page = await openAs(suite, user, `${map.path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    const at = await itemPoint(page, BOX)
    await waitForColour(page, at, UP)

    expect(
      (await user.api.post('/api/v1/results', { resource_id: host.resources.disk, exit_status: 2, output: 'DISK CRITICAL - 99% used' }))
        .status,
    ).toBe(200)
    await waitForColour(page, at, DOWN)
    // Hovering the item tells why: the state, output and the resources' counts.
    await page.mouse.move(at.x, at.y)
    const tooltip = page.getByRole('tooltip', { name: `State of ${host.name}` })
    await tooltip.getByText('2 resources: 1 Critical, 1 OK').waitFor()
    // The popover lists the resources that are not OK.
    await page.mouse.click(at.x, at.y)
    const problems = page.getByRole('dialog', { name: host.name }).getByRole('list', { name: 'Resources that are not OK' })
    await problems.getByText('DISK CRITICAL - 99% used').waitFor()
    await expect(problems.getByRole('listitem').count()).resolves.toBe(1)

    const other = await openAs(suite, user, `${quiet.path}/fullscreen`)
    await other.getByTestId('map-summary').getByText('Map state: up.', { exact: false }).waitFor({ state: 'attached' })
    await waitForColour(other, await itemPoint(other, BOX), UP)
  })

  it('follows alarms to a new unhandled DOWN beside an acknowledged DOWN, and says on the wall why and where', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const calm = await upHost(user)
    const handled = await upHost(user)
    const fresh = await upHost(user)
    expect((await user.api.post('/api/v1/results', { host: handled.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    const ack = await user.api.post(`/api/v1/hosts/${handled.id}/acknowledgements`, {
      host_id: handled.id,
      host_name: handled.name,
      comment: 'known',
      persistent: true,
    })
    expect(ack.status).toBe(201)
    const office = await publishedMap(user, { h: hostItem('h', calm, BOX) }, { alias: uniq('Office') })
    const warehouse = await publishedMap(
      user,
      { h: hostItem('h', handled, BOX), f: hostItem('f', fresh, { x: 700, y: 300, w: 200, h: 120 }) },
      { alias: uniq('Warehouse') },
    )
    const show = await user.api.post('/api/v1/slideshows', {
      alias: 'Alarm wall',
      delay: 3600,
      follow_alarms: true,
      map_ids: [office.id, warehouse.id],
      hostgroup_id: user.environmentId,
    })
    expect(show.status).toBe(201)
    const path = `/maps/slideshows/${encodeURIComponent(show.body.hostgroup_name)}/${encodeURIComponent(show.body.name)}/fullscreen`
    const page = await openAs(suite, user, path)
    // The baseline: the slideshow has seen the warehouse with its acknowledged DOWN.
    await page.waitForResponse((r) => r.url().includes(`/api/v1/maps/${warehouse.id}/states`) && r.ok(), { timeout: 15_000 })
    await page.getByRole('heading', { name: office.alias, level: 2 }).waitFor({ state: 'attached' })
    await page.getByText('Map 1 of 2').waitFor()

    expect(
      (await user.api.post('/api/v1/results', { host: fresh.name, exit_status: 2, output: 'PING CRITICAL - unreachable' })).status,
    ).toBe(200)
    await page.getByRole('heading', { name: warehouse.alias, level: 2 }).waitFor({ state: 'attached', timeout: 15_000 })
    // Visible on the wall, not only to a screen reader: the position, the map and why it jumped.
    await page.getByText('Map 2 of 2').waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: `Holding ${warehouse.alias}: unhandled problem (${fresh.name} down)` })
      .waitFor()
    await page.getByTestId('wall-details').getByText(warehouse.alias).waitFor()
    // The states came before the map: the new problem is red from its first frame.
    await waitForColour(page, await itemPoint(page, { x: 700, y: 300, w: 200, h: 120 }), DOWN)
  })

  it('acknowledges a DOWN host from the map popover, and offers nothing to a read-only wall viewer (issue 18 wall details)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const host = await upHost(user)
    const map = await publishedMap(user, { h: hostItem('h', host, BOX) })
    expect((await user.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    const page = await openAs(suite, user, `${map.path}/fullscreen`)
    const at = await itemPoint(page, BOX)
    await waitForColour(page, at, DOWN)
    await page.mouse.click(at.x, at.y)
    const popover = page.getByRole('dialog', { name: host.name })
    await popover.getByRole('button', { name: 'Schedule maintenance…' }).waitFor()
    await popover.getByRole('button', { name: 'Acknowledge…' }).click()
    const panel = page.getByRole('region', { name: 'Acknowledge' })
    await panel.getByLabel('Comment', { exact: true }).fill('Power cut at the site')
    await panel.getByRole('button', { name: 'Acknowledge' }).click()
    // The wall hears it through the feed: the popover's state shows the acknowledgement, the offer is gone.
    await popover.getByText('acknowledged', { exact: true }).waitFor()
    await popover.getByRole('button', { name: 'Acknowledge…' }).waitFor({ state: 'detached' })
    const acknowledgements = await user.api.get(`/api/v1/hosts/${host.id}/acknowledgements`)
    expect(acknowledgements.body.result.map((a: { comment: string }) => a.comment)).toContain('Power cut at the site')

    // The service desk may acknowledge but not schedule maintenance (SPEC §6): the popover offers only that.
    const desk = await addUser(suite.server, user, 'service_desk')
    const other = await upHost(user)
    expect((await user.api.post('/api/v1/results', { host: other.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    const wall = await publishedMap(user, { h: hostItem('h', other, BOX) })
    const read = await openAs(suite, desk, `${wall.path}/fullscreen`)
    const spot = await itemPoint(read, BOX)
    await waitForColour(read, spot, DOWN)
    await read.mouse.click(spot.x, spot.y)
    await read.getByRole('dialog', { name: other.name }).getByRole('button', { name: 'Acknowledge…' }).waitFor()
    await expect(read.getByRole('button', { name: 'Schedule maintenance…' }).count()).resolves.toBe(0)
  })

  it('colours a rack with one bound slot by that host (issue 18 racks)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const host = await upHost(user)
    const rack = { x: 400, y: 100, w: 200, h: 424 }
    const map = await publishedMap(user, {
      r: { id: 'r', kind: 'rack', ...rack, z: 1, rotation: 0, units: 4, slots: [{ u: 1, size: 4, host_id: host.id, label: 'db' }] },
    })
    const page = await openAs(suite, user, `${map.path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    const at = await itemPoint(page, rack, 0.5, 0.6)
    await waitForColour(page, at, UP)
    expect((await user.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    await waitForColour(page, at, DOWN)
  })

  it('shows labels readable at the zoom that fits a 3840×2160 map, and every label when the wall pins them', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const host = await upHost(user)
    const shape = { x: 1200, y: 700, w: 1400, h: 300 }
    const small = { x: 2000, y: 1500, w: 96, h: 96 }
    const map = await publishedMap(
      user,
      {
        s: { id: 's', kind: 'shape', ...shape, z: 1, rotation: 0, icon: 'rectangle', label: 'CORE NETWORK', style: { font_size: 60 } },
        h: { ...hostItem('h', host, small), state_icon: 'dot' },
      },
      { resolution: { width: 3840, height: 2160 } },
    )
    const labelOf = async (page: Parameters<typeof itemPoint>[0]) => {
      const from = await itemPoint(page, small, -0.5, 1.05)
      const to = await itemPoint(page, small, 1.5, 1.3)
      return darkPixels(page, from, to)
    }
    const page = await openAs(suite, user, `${map.path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    await waitForColour(page, await itemPoint(page, small, 0.25, 0.25), UP)
    // The big label is some 20 px high on screen: drawn. The host's 12 px label would be 4 px: left out.
    await expect
      .poll(async () => darkPixels(page, await itemPoint(page, shape, 0.3, 0.4), await itemPoint(page, shape, 0.7, 0.6)), {
        timeout: 10_000,
      })
      .toBeGreaterThan(50)
    expect(await labelOf(page)).toBe(0)

    const pinned = await openAs(suite, user, `${map.path}/fullscreen?labels=on`)
    await pinned.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    await waitForColour(pinned, await itemPoint(pinned, small, 0.25, 0.25), UP)
    await expect.poll(() => labelOf(pinned), { timeout: 10_000 }).toBeGreaterThan(5)
  })

  it("the map timeline shows state changes of the map's objects, not only its edits (issue 18)", async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const host = await upHost(user, ['disk'])
    const map = await publishedMap(user, { h: hostItem('h', host, BOX) })
    expect(
      (await user.api.post('/api/v1/results', { resource_id: host.resources.disk, exit_status: 2, output: 'DISK CRITICAL - full' })).status,
    ).toBe(200)
    const page = await openAs(suite, user, `${map.path}/timeline`)
    await page.getByRole('heading', { name: `Timeline of ${map.alias}` }).waitFor()
    await page.getByText(`Map ${map.alias}`).filter({ hasText: '(version 1)' }).first().waitFor()
    await page.getByText('DISK CRITICAL - full').first().waitFor()
  })

  it("turns a nested map's item red when that map publishes a DOWN host, hearing only its map on the feed (issue 18)", async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const calm = await upHost(user)
    const failing = await upHost(user)
    expect((await user.api.post('/api/v1/results', { host: failing.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    const inner = await publishedMap(user, { h: hostItem('h', calm, BOX) })
    const outer = await publishedMap(user, {
      i: { id: 'i', kind: 'map', ...BOX, z: 1, rotation: 0, map_id: inner.id, name: inner.alias, state_icon: 'box' },
    })
    const wall = await browserAs(suite, user)
    const deltas: { kind: string; type?: string; id: number }[] = []
    wall.context.on('page', (p) =>
      p.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          const message = JSON.parse(String(payload)) as { op: string; deltas?: typeof deltas }
          if (message.op === 'deltas') deltas.push(...message.deltas!)
        }),
      ),
    )
    const page = await wall.tab(`${outer.path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    const at = await itemPoint(page, BOX)
    await waitForColour(page, at, UP)

    // A new version of the nested map, with the DOWN host in it: the wall hears of it and rolls it up.
    expect((await user.api.post(`/api/v1/maps/${inner.id}/lock`)).status).toBe(200)
    const items = { h: hostItem('h', calm, BOX), f: hostItem('f', failing, { ...BOX, x: 700 }) }
    expect((await user.api.put(`/api/v1/maps/${inner.id}/document`, { document: { ...inner.document, items } })).status).toBe(200)
    expect((await user.api.post(`/api/v1/maps/${inner.id}/publish`, { comment: 'failing added' })).status).toBe(200)
    await waitForColour(page, at, DOWN)
    // Its recovery comes as a delta of the outer map's topic.
    expect((await user.api.post('/api/v1/results', { host: failing.name, exit_status: 0, output: 'PING OK' })).status).toBe(200)
    await waitForColour(page, at, UP)
    expect(deltas.some((d) => d.kind === 'state' && d.id === failing.id)).toBe(true)
    // The state changes' timeline events are the environment's: the wall downloads none of them.
    expect(deltas.filter((d) => d.kind === 'event' && d.type !== 'map')).toEqual([])
  })
})
