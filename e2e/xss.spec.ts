/**
 * Issue 13 "Tests that prove it": markup and script in what customers and their devices write — plugin
 * output, host names and aliases, acknowledgement comments, map labels, ticket texts — show as text on the
 * problems list, the host page, the timeline, the map viewer and the ticket page, and no script runs
 * (`window.__xss` stays undefined, no dialog opens, no injected element appears).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

const IMG = '<img src=x onerror=window.__xss=1>'
const SCRIPT = '<script>window.__xss=2</script>'
const SVG = '<svg/onload=window.__xss=3>'
/** A host name has no spaces (SPEC §3): markup that needs none. */
const HOST = `xss${SVG}<b>bold</b>`
const OUTPUT = `DISK CRITICAL ${IMG} ${SCRIPT}`
const COMMENT = `ack ${IMG}`
const TICKET = `ticket ${SCRIPT} ${IMG}`
const LABEL = `label ${IMG}`

interface World {
  user: Tenant
  hostId: number
  ticketId: string
  mapPath: string
}

async function world(): Promise<World> {
  const user = await makeTenant(suite.server, suite.admin, 'engineer')
  const host = await user.api.post('/api/v1/hosts/', {
    name: HOST,
    alias: `alias ${IMG}`,
    description: SCRIPT,
    hostgroup_id: user.environmentId,
    check_type: '1',
    max_check_attempts: 1,
  })
  expect(host.status, JSON.stringify(host.body)).toBe(201)
  const hostId = host.body.id as number
  const resource = await user.api.post('/api/v1/resources/', { host_id: hostId, name: 'disk', check_type: '1', max_check_attempts: 1 })
  const cpu = await user.api.post('/api/v1/resources/', { host_id: hostId, name: 'cpu', check_type: '1', max_check_attempts: 1 })
  expect([resource.status, cpu.status]).toEqual([201, 201])
  expect(
    (
      await user.api.post('/api/v1/results', {
        results: [
          { host: HOST, exit_status: 2, output: `PING CRITICAL ${SCRIPT}` },
          { host: HOST, resource: 'disk', exit_status: 2, output: OUTPUT },
          { host: HOST, resource: 'cpu', exit_status: 2, output: `CPU CRITICAL ${SVG}` },
        ],
      })
    ).status,
  ).toBe(200)
  const ack = await user.api.post(`/api/v1/resources/${cpu.body.id}/acknowledgements`, {
    host_id: hostId,
    host_name: HOST,
    resource_id: cpu.body.id,
    resource_name: 'cpu',
    comment: COMMENT,
  })
  expect(ack.status).toBe(201)
  const ticket = await user.api.post(`/api/v1/resources/${resource.body.id}/tickets`, { comment: TICKET })
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201)

  const map = await user.api.post('/api/v1/maps', { alias: 'Markup map', hostgroup_id: user.environmentId, layout: 2 })
  expect(map.status).toBe(201)
  const base = { z: 1, rotation: 0, w: 200, h: 120 }
  const document = {
    schema_version: 1,
    resolution: { width: 1280, height: 720 },
    background: { colour: '#ffffff', image_id: null },
    grid: { visible: true, snap: true, size: 16 },
    items: {
      h1: { id: 'h1', kind: 'host', ...base, x: 100, y: 100, host_id: hostId, name: HOST, state_icon: 'box', label: LABEL },
      t1: { id: 't1', kind: 'text', ...base, x: 500, y: 100, text: `text ${SCRIPT} ${IMG}` },
    },
    connectors: {},
  }
  expect((await user.api.post(`/api/v1/maps/${map.body.id}/lock`)).status).toBe(200)
  const saved = await user.api.put(`/api/v1/maps/${map.body.id}/document`, { document })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  expect((await user.api.post(`/api/v1/maps/${map.body.id}/publish`, { comment: IMG })).status).toBe(200)
  expect((await user.api.del(`/api/v1/maps/${map.body.id}/lock`)).status).toBe(204)
  const mapPath = `/maps/${encodeURIComponent(map.body.hostgroup_name)}/${encodeURIComponent(map.body.name)}`
  return { user, hostId, ticketId: ticket.body.ticket_id, mapPath }
}

/** Opens a screen logged in through the SPEC §2 token URL option, counting dialogs that open. */
async function open(user: Tenant, route: string): Promise<{ page: Page; dialogs: string[] }> {
  const r = await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  })
  const { token } = (await r.json()) as { token: string }
  const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 } })
  suite.contexts.push(context)
  const page = await context.newPage()
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await page.goto(`${suite.server.baseUrl}/#${route}${route.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`)
  return { page, dialogs }
}

/** The texts are on screen as text, and nothing of them ran or became an element. */
async function expectInert(screen: { page: Page; dialogs: string[] }, texts: string[], state: 'visible' | 'attached' = 'visible') {
  const { page, dialogs } = screen
  for (const text of texts) await page.getByText(text, { exact: false }).first().waitFor({ state })
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
  expect(await page.locator('img[src="x"], svg[onload], b:text-is("bold")').count()).toBe(0)
  expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent?.includes('__xss')))).toBe(false)
  expect(dialogs).toEqual([])
}

describe('markup and script show as text (issue 13)', () => {
  let w: World
  beforeAll(async () => {
    w = await world()
  })

  it('on the problems list: plugin output and host names', async () => {
    await expectInert(await open(w.user, '/monitoring/problems'), [OUTPUT, HOST])
  })

  it('on the host page: name, alias, plugin output', async () => {
    await expectInert(await open(w.user, `/monitoring/hosts/${encodeURIComponent(HOST)}`), [HOST, OUTPUT])
  })

  it('on the timeline: acknowledgement comments and ticket texts', async () => {
    await expectInert(await open(w.user, '/monitoring/timeline'), [COMMENT, TICKET])
  })

  it('on the map viewer: host names and labels of the map', async () => {
    const screen = await open(w.user, w.mapPath)
    await screen.page.locator('.vigil-map-canvas canvas').first().waitFor()
    // The canvas' text alternative names the down host's item; its popover shows the host.
    await expectInert(screen, [HOST], 'attached')
    // The summary is visually hidden (for screen readers): a keyboard user reaches it with the focus.
    await screen.page.getByTestId('map-summary').getByRole('button').first().focus()
    await screen.page.keyboard.press('Enter')
    await screen.page.getByTestId('map-popover').waitFor()
    await expectInert(screen, [HOST])
  })

  it("on the ticket page: the ticket's texts", async () => {
    await expectInert(await open(w.user, `/tickets/${w.ticketId}`), [TICKET])
  })
})
