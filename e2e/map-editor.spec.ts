/**
 * The map editor of issue 6 as an engineer uses it, against the built app (`npx vite build`) and the real
 * server in Chromium: place two hosts from the palette, connect them, undo and redo, publish (SPEC §2 Map
 * editor); reload with an unsaved edit and get it back; and a second user refused while the first holds the
 * lock (SPEC §2 "A map locked by another user cannot be edited", §4 Maps).
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

interface MapFixture {
  id: number
  path: string
}

/** An engineer (write, maps_write, host_write: SPEC §6) with two passive hosts and a new empty map. */
async function engineerWithMap(): Promise<Tenant & { map: MapFixture }> {
  const tenant = await makeTenant(suite.server, suite.admin, 'engineer')
  for (const name of ['web-01', 'web-02']) {
    expect(
      (
        await tenant.api.post('/api/v1/hosts/', {
          name: `${name}-${tenant.environmentId}`,
          hostgroup_id: tenant.environmentId,
          check_type: '1',
        })
      ).status,
    ).toBe(201)
  }
  const map = await tenant.api.post('/api/v1/maps', { alias: 'Core network', hostgroup_id: tenant.environmentId, layout: 2 })
  expect(map.status).toBe(201)
  return { ...tenant, map: { id: map.body.id, path: `/maps/${map.body.hostgroup_name}/${map.body.name}/edit` } }
}

async function open(username: string, password: string, route: string, viewport = { width: 1400, height: 900 }): Promise<Page> {
  const r = await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const { token } = (await r.json()) as { token: string }
  const context = await suite.browser.newContext({ viewport })
  suite.contexts.push(context)
  const page = await context.newPage()
  await page.goto(`${suite.server.baseUrl}/#${route}?token=${encodeURIComponent(token)}`)
  return page
}

const draft = async (user: Tenant & { map: MapFixture }) =>
  (await user.api.get(`/api/v1/maps/${user.map.id}/document?version=draft`)).body.document
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor()

/** After an edit: the indicator turns to unsaved, then autosave (a few seconds later) brings it to saved. */
async function autosaved(page: Page) {
  await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor()
  await saved(page)
}

describe('map editor (issue 6)', () => {
  it('places two hosts from the palette, connects them, undoes and redoes, and publishes (SPEC §2, §5)', async () => {
    const user = await engineerWithMap()
    const page = await open(user.username, user.password, user.map.path)
    const palette = page.getByRole('complementary', { name: 'Palette' })
    await palette.getByRole('searchbox', { name: 'Search by name' }).fill('web-0')
    await palette.getByRole('button', { name: /^Place web-01/ }).click()
    await palette.getByRole('button', { name: /^Place web-02/ }).click()
    // SPEC §5: an object can be on a map only once.
    await expect(palette.getByRole('button', { name: /web-01-\d+ is on the map/ }).isDisabled()).resolves.toBe(true)

    await page.keyboard.press('Control+A')
    await page.getByRole('toolbar', { name: 'Editor toolbar' }).getByRole('button', { name: 'Connect selected' }).click()
    await autosaved(page)
    let doc = await draft(user)
    expect(Object.keys(doc.connectors)).toHaveLength(1)
    expect(Object.values(doc.items).map((i: any) => i.kind)).toEqual(['host', 'host'])

    // SPEC §5: not twice — the refusal says why.
    await page.keyboard.press('Control+A')
    await page.getByRole('button', { name: 'Connect selected' }).click()
    await page.getByText('These items are already connected.').waitFor()

    await page.keyboard.press('Control+Z')
    await autosaved(page)
    doc = await draft(user)
    expect([Object.keys(doc.items).length, Object.keys(doc.connectors).length]).toEqual([2, 0])
    await page.keyboard.press('Control+Shift+Z')
    await autosaved(page)
    expect(Object.keys((await draft(user)).connectors)).toHaveLength(1)

    await page.getByRole('button', { name: 'Publish' }).click()
    await page.getByText('Map "Core network" published as version 1.').waitFor()
    const info = (await user.api.get(`/api/v1/maps/${user.map.id}`)).body
    expect([info.status, info.version]).toEqual(['live', 1])
    const live = (await user.api.get(`/api/v1/maps/${user.map.id}/document?version=live`)).body.document
    expect(Object.keys(live.connectors)).toHaveLength(1)
  })

  it('edits the map properties and refuses a rack slot host that is already on the map (SPEC §3, §5)', async () => {
    const user = await engineerWithMap()
    const page = await open(user.username, user.password, user.map.path)
    await saved(page)
    await page.getByRole('button', { name: 'Map properties' }).click()
    const form = page.getByRole('dialog', { name: 'Map properties' })
    await form.getByLabel('Name').fill('')
    await form.getByRole('button', { name: 'Save properties' }).click()
    await form.getByText('This field is mandatory.').waitFor()
    await form.getByLabel('Name').fill('Core network EU')
    await form.getByLabel('Tags').fill('core, eu')
    await form.getByLabel('Layout').selectOption('3')
    await form.getByRole('button', { name: 'Save properties' }).click()
    await page.getByText('Map properties saved.').waitFor()
    await page.getByRole('heading', { name: 'Core network EU' }).waitFor()
    const info = (await user.api.get(`/api/v1/maps/${user.map.id}`)).body
    expect([info.alias, info.tags, info.layout]).toEqual(['Core network EU', ['core', 'eu'], 3])

    const palette = page.getByRole('complementary', { name: 'Palette' })
    await palette.getByRole('searchbox', { name: 'Search by name' }).fill('web-01')
    await palette.getByRole('button', { name: /^Place web-01/ }).click()
    await palette.getByRole('button', { name: 'Add rack' }).click()
    const inspector = page.getByRole('complementary', { name: 'Inspector' })
    await inspector.getByRole('button', { name: 'Add slot' }).click()
    await inspector.getByRole('button', { name: /^Host of slot 1/ }).click()
    await inspector.getByRole('searchbox', { name: 'Search the host of slot 1' }).fill('web-0')
    // SPEC §5: web-01 is on the map already; web-02 can go into the slot.
    await expect(inspector.getByRole('button', { name: /web-01-\d+ is on the map/ }).isDisabled()).resolves.toBe(true)
    await inspector.getByRole('button', { name: /^Put web-02/ }).click()
    await inspector.getByRole('button', { name: 'Apply' }).click()
    await autosaved(page)
    const rack = Object.values((await draft(user)).items).find((i: any) => i.kind === 'rack') as {
      slots: { host_id: number; label: string }[]
    }
    expect(rack.slots).toMatchObject([{ label: expect.stringMatching(/^web-02-/) }])
  })

  it('uploads a small picture from the palette and places it as an image item (issue 6)', async () => {
    const user = await engineerWithMap()
    const page = await open(user.username, user.password, user.map.path)
    await saved(page)
    // A real 1×1 PNG: pictures of image items have no minimum size (only backgrounds need 800×600).
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
    await page.getByLabel(/^Add picture/).setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png })
    await autosaved(page)
    const [item] = Object.values((await draft(user)).items) as { kind: string; image_id: number; w: number; h: number }[]
    expect([item.kind, item.w, item.h]).toEqual(['image', 1, 1])
    expect((await user.api.get(`/api/v1/map-images/${item.image_id}`)).status).toBe(200)
  })

  it('offers an unsaved edit back after a reload, and saves it when restored (issue 6 "never loses work")', async () => {
    const user = await engineerWithMap()
    const page = await open(user.username, user.password, user.map.path)
    await saved(page)
    // The network drops every save: the edit lives only in this browser (IndexedDB).
    await page.route('**/document/updates?*', (route) => route.abort())
    await page.getByRole('complementary', { name: 'Palette' }).getByRole('button', { name: 'Place Cloud' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: /Not saved|Unsaved changes/ })
      .waitFor()
    await page.getByRole('status').filter({ hasText: 'Not saved' }).waitFor()
    expect(Object.keys((await draft(user)).items)).toHaveLength(0)

    await page.unroute('**/document/updates?*')
    // SPEC §4 "Unsaved changes": leaving asks; the person confirms the reload.
    page.on('dialog', (dialog) => void dialog.accept())
    await page.reload()
    const prompt = page.getByRole('dialog', { name: 'Unsaved changes' })
    await prompt.getByText(/^Restore unsaved changes from \d\d-\d\d-\d{4} \d\d:\d\d:\d\d\?$/).waitFor()
    await prompt.getByRole('button', { name: 'Restore' }).click()
    await autosaved(page)
    expect(Object.values((await draft(user)).items)).toMatchObject([{ kind: 'shape', icon: 'cloud' }])
  })

  it('opens read-only for a second user while the first holds the lock, naming the holder (SPEC §2, §4)', async () => {
    const user = await engineerWithMap()
    const first = await open(user.username, user.password, user.map.path)
    await saved(first)
    const second = await open('admin', suite.server.adminPassword, user.map.path)
    await second
      .getByRole('alert')
      .filter({ hasText: `This map is being edited by ${user.username}.` })
      .waitFor()
    await second.getByText('Read only', { exact: true }).waitFor()
    expect(await second.getByRole('button', { name: 'Publish' }).count()).toBe(0)
    expect(await second.getByRole('complementary', { name: 'Palette' }).count()).toBe(0)
    expect((await suite.admin.post(`/api/v1/maps/${user.map.id}/lock`)).status).toBe(409)
  })

  it('opens the legacy editor from the editor in the simpler mode, and refuses a window below the minimum (SPEC §2)', async () => {
    const user = await engineerWithMap()
    // SPEC §2 "Map editor offers … legacy viewer and editor": reached from the editor, not only by address.
    const legacy = await open(user.username, user.password, user.map.path)
    await legacy.getByRole('link', { name: 'Legacy editor' }).click()
    await legacy.getByText(/^Legacy editor:/).waitFor()
    const href = async (name: string) => decodeURIComponent((await legacy.getByRole('link', { name }).getAttribute('href')) ?? '')
    expect(decodeURIComponent(new URL(legacy.url()).hash)).toBe(`#${user.map.path.replace(/\/edit$/, '/legacy/edit')}`)
    expect(await href('Current editor')).toBe(`#${user.map.path}`)
    expect(await href('Legacy viewer')).toBe(`#${user.map.path.replace(/\/edit$/, '/legacy')}`)
    const palette = legacy.getByRole('complementary', { name: 'Palette' })
    await palette.getByRole('button', { name: 'Hosts' }).waitFor()
    expect(await palette.getByRole('button', { name: 'Maps', exact: true }).count()).toBe(0)
    await legacy.close()
    const small = await open(user.username, user.password, user.map.path, { width: 800, height: 600 })
    await small
      .getByRole('alert')
      .filter({ hasText: 'The map editor is not supported at this resolution. It needs a window of at least 1024 × 600 pixels.' })
      .waitFor()
    expect(await small.getByRole('application', { name: 'Map canvas' }).count()).toBe(0)
  })
})
