/**
 * Issue 18, the map editor's lock per editing session and its version history, in Chromium against the built
 * app: a second tab of the same user sees that the user holds the lock elsewhere and takes it over; the first
 * tab keeps its work, is told, and takes the lock back (SPEC §2 "A map locked by another user cannot be
 * edited", §4 Maps). The history lists versions with author, time and comment, compares two of them, and asks
 * before it reverts the draft (SPEC §2 "version history").
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { browserAs, useBrowserSuite } from './browser'
import { editorPixelsOf } from './editor-pixels'

const suite = useBrowserSuite()

async function engineerWithMap(): Promise<Tenant & { mapId: number; path: string }> {
  const tenant = await makeTenant(suite.server, suite.admin, 'engineer')
  const map = await tenant.api.post('/api/v1/maps', { alias: 'Sessions map', hostgroup_id: tenant.environmentId, layout: 2 })
  expect(map.status).toBe(201)
  return { ...tenant, mapId: map.body.id, path: `/maps/${map.body.hostgroup_name}/${map.body.name}/edit` }
}

const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor()
const draftItems = async (user: Tenant & { mapId: number }) =>
  Object.values((await user.api.get(`/api/v1/maps/${user.mapId}/document?version=draft`)).body.document.items) as { icon?: string }[]
const place = (page: Page, name: string) => page.getByRole('complementary', { name: 'Palette' }).getByRole('button', { name }).click()

/** The highlight colours of src/editor/canvas/DiffLayer.tsx. */
const ADDED = [25, 135, 84],
  REMOVED = [220, 53, 69],
  MOVED = [13, 110, 253],
  CHANGED = [253, 126, 20]

const shape = (id: string, x: number, icon = 'rectangle') => ({ kind: 'shape', id, x, y: 40, w: 120, h: 80, z: 1, rotation: 0, icon })
const documentWith = (items: ReturnType<typeof shape>[]) => ({
  schema_version: 1,
  resolution: { width: 1920, height: 1080 },
  background: { colour: '#ffffff', image_id: null },
  grid: { visible: true, snap: true, size: 16 },
  items: Object.fromEntries(items.map((i) => [i.id, i])),
  connectors: {},
})

describe('map editor sessions and history (issue 18)', () => {
  it('lets a second tab of the same user take the lock over; the first keeps its work, is told, and takes it back', async () => {
    const user = await engineerWithMap()
    const browser = await browserAs(suite, user)
    const first = await browser.tab(user.path)
    await saved(first)

    const second = await browser.tab(user.path)
    await second
      .getByRole('alert')
      .filter({ hasText: /^You are editing this map in another tab or session since \d\d-\d\d-\d{4} \d\d:\d\d:\d\d\./ })
      .waitFor()
    await second.getByText('Read only', { exact: true }).waitFor()
    expect(await second.getByRole('complementary', { name: 'Palette' }).count()).toBe(0)
    await second.getByRole('button', { name: 'Edit here instead' }).click()
    await second.getByRole('complementary', { name: 'Palette' }).waitFor()
    expect(await second.getByText('Read only', { exact: true }).count()).toBe(0)

    // The first tab does not know yet: its next edit cannot be saved, and it says why without losing the edit.
    await place(first, 'Place Cloud')
    const told = first
      .getByRole('alert')
      .filter({ hasText: /^You took this map over in another tab or session at .*Your changes in this tab are kept/ })
    await told.waitFor()
    await first.getByText('Read only', { exact: true }).waitFor()
    expect(await first.getByText('Content not found').count()).toBe(0)
    expect(await draftItems(user)).toEqual([])

    await told.getByRole('button', { name: 'Take the lock back' }).click()
    await saved(first)
    expect(await told.count()).toBe(0)
    expect(await draftItems(user)).toMatchObject([{ icon: 'cloud' }])
    // Now the second tab is the one that lost it, and says so on its next edit.
    await place(second, 'Place Cloud')
    await second
      .getByRole('alert')
      .filter({ hasText: /^You took this map over in another tab or session/ })
      .waitFor()
    expect(await draftItems(user)).toHaveLength(1)
  })

  it('lists the versions, compares two with the changes counted, and asks before reverting', async () => {
    const user = await engineerWithMap()
    const base = `/api/v1/maps/${user.mapId}`
    expect((await user.api.post(`${base}/lock`)).status).toBe(200)
    expect(
      (await user.api.put(`${base}/document`, { document: documentWith([shape('a', 40), shape('b', 240), shape('c', 440)]) })).status,
    ).toBe(200)
    expect((await user.api.post(`${base}/publish`, { comment: 'First cut' })).status).toBe(200)
    // a moved, b removed, c changed (another icon), d added.
    const next = documentWith([shape('a', 80), shape('c', 440, 'cloud'), shape('d', 640)])
    expect((await user.api.put(`${base}/document`, { document: next })).status).toBe(200)
    expect((await user.api.post(`${base}/publish`, { comment: 'Moved the core' })).status).toBe(200)
    expect((await user.api.del(`${base}/lock`)).status).toBe(204)

    const page = await (await browserAs(suite, user)).tab(user.path)
    await saved(page)
    await page.getByRole('button', { name: 'Version history' }).click()
    const list = page.getByRole('table', { name: 'Published versions' })
    await list.getByRole('row').filter({ hasText: 'Moved the core' }).filter({ hasText: user.username }).waitFor()
    await list
      .getByRole('row')
      .filter({ hasText: 'First cut' })
      .filter({ hasText: /\d\d-\d\d-\d{4} \d\d:\d\d/ })
      .waitFor()

    for (const colour of [ADDED, REMOVED, MOVED, CHANGED]) expect(await editorPixelsOf(page, colour)).toBe(0)
    await page.getByLabel('Compare').selectOption('1')
    await page.getByLabel('with').selectOption('2')
    await page.getByRole('button', { name: 'Show changes' }).click()
    await page
      .getByRole('status', { name: 'Changes between the versions' })
      .filter({ hasText: 'Version 1 → Version 2: 1 added, 1 removed, 1 moved, 1 changed' })
      .waitFor()
    // Each kind of change is outlined on the canvas in its colour.
    await expect.poll(() => editorPixelsOf(page, ADDED)).toBeGreaterThan(100)
    for (const colour of [REMOVED, MOVED, CHANGED]) expect(await editorPixelsOf(page, colour)).toBeGreaterThan(100)

    // Showing an old version is read-only, and says nothing about a lock this tab holds.
    await list.getByRole('row').filter({ hasText: 'First cut' }).getByRole('button', { name: 'Show' }).click()
    await page.getByText('Viewing version 1 of 2 (read only).').waitFor()
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /locked|editing this map/ })
        .count(),
    ).toBe(0)

    await list.getByRole('row').filter({ hasText: 'First cut' }).getByRole('button', { name: 'Revert…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Revert the draft?' })
    await dialog.getByText(/The draft becomes a copy of version 1\./).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await draftItems(user)).map((i) => i.icon)).toEqual(['rectangle', 'cloud', 'rectangle'])

    await list.getByRole('row').filter({ hasText: 'First cut' }).getByRole('button', { name: 'Revert…' }).click()
    await page.getByRole('dialog', { name: 'Revert the draft?' }).getByRole('button', { name: 'Revert' }).click()
    await page.getByText('The draft is now version 1.').waitFor()
    expect((await draftItems(user)).map((i) => i.icon)).toEqual(['rectangle', 'rectangle', 'rectangle'])
  })
})
