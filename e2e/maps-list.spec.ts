/**
 * The maps table and the add-map form as an engineer uses them (SPEC §2 Maps table, §5 Add map, §6, §8),
 * against the built app (`npx vite build`) and the real server: a created map is listed and deleted after the
 * confirmation; the add-map form blocks bad characters, asks for a layout and opens the editor; without
 * the write right there is no "add map" and edit is refused; a draw.io file is imported through the dialog
 * (issue 6) and a map is downloaded as JSON and SVG.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Download, Page } from 'playwright-core'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { invalidateScopes } from '../src/server/store/scope'
import { useBrowserSuite, openAs } from './browser'

const suite = useBrowserSuite()

/** Opens a screen logged in through the SPEC §2 token URL option. */
const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

const mapsTable = (page: Page) => page.getByRole('table', { name: 'Maps' })

describe('maps table (SPEC §2)', () => {
  it('lists a created map and deletes it after the "delete map confirmation" (SPEC §8)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const created = await user.api.post('/api/v1/maps', {
      alias: 'Core network',
      hostgroup_id: user.environmentId,
      layout: 3,
      description: 'Both data centres',
    })
    expect(created.status).toBe(201)
    await user.api.post('/api/v1/maps', { alias: 'Branch offices', hostgroup_id: user.environmentId, layout: 1 })
    const page = await open(user, '/maps')

    const row = mapsTable(page).getByRole('row').filter({ hasText: 'Core network' })
    await row.getByRole('link', { name: 'Core network' }).waitFor()
    await row.getByText('Both data centres').waitFor()
    await row.getByText('Physical').waitFor()
    await row.getByText('Draft').waitFor()

    await row.getByRole('button', { name: 'Delete Core network' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete map' })
    await dialog.getByText('Delete the map Core network? This cannot be undone.').waitFor()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Map Core network deleted.').waitFor()
    await mapsTable(page).getByRole('link', { name: 'Core network' }).waitFor({ state: 'detached' })
    await mapsTable(page).getByRole('link', { name: 'Branch offices' }).waitFor()
    expect((await user.api.get(`/api/v1/maps/${created.body.id}`)).status).toBe(404)
  })

  it('adds a map: other characters are blocked, the layout is required, and the editor opens (SPEC §5 Add map)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const env = (await user.api.get(`/api/v1/hostgroups/${user.environmentId}`)).body
    const page = await open(user, '/maps')
    await page.getByRole('button', { name: 'Add map', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Add map' })

    const name = dialog.getByLabel('Name')
    await name.pressSequentially('Core/net')
    await expect(name.inputValue()).resolves.toBe('Corenet')
    await dialog.getByText('Only letters, digits, dot, underscore, hyphen and space are allowed.').waitFor()
    await name.pressSequentially('  work')
    await expect(name.inputValue()).resolves.toBe('Corenet work')
    await dialog.getByText('Consecutive spaces are not allowed.').waitFor()
    await dialog.getByText('Between 2 and 50 characters.').waitFor()
    // SPEC §5: logical by default; without a layout the form says "select layout".
    await expect(dialog.getByLabel('Layout').inputValue()).resolves.toBe('2')
    await dialog.getByLabel('Layout').selectOption({ label: 'Choose a layout' })
    await dialog.getByRole('button', { name: 'Add map' }).click()
    await dialog.getByRole('alert').getByText('select layout').waitFor()
    expect((await user.api.get('/api/v1/maps')).body.totalresults).toBe(0)

    await dialog.getByLabel('Layout').selectOption({ label: 'Logical' })
    await dialog.getByLabel('Description').fill('Core switches')
    await dialog.getByRole('button', { name: 'Add map' }).click()
    await page.waitForURL((url) => url.hash.startsWith(`#/maps/${encodeURIComponent(env.name)}/Corenet%20work/edit`))
    const maps = (await user.api.get('/api/v1/maps')).body.result
    expect(maps).toMatchObject([{ alias: 'Corenet work', layout: 2, description: 'Core switches', use_hard_state: false, status: 'draft' }])
  })

  it('makes a map from a host and its children with "New map from…" and opens the editor (issue 7)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    for (const [name, parents] of [
      ['core-sw', []],
      ['edge-sw', ['core-sw']],
      ['ap-1', ['edge-sw']],
      ['printer', []],
    ] as const) {
      expect(
        (
          await user.api.post('/api/v1/hosts/', {
            name: `${user.username}-${name}`,
            hostgroup_id: user.environmentId,
            check_type: '1',
            parents: parents.map((p) => `${user.username}-${p}`),
          })
        ).status,
      ).toBe(201)
    }
    const page = await open(user, '/maps')
    await page.getByRole('button', { name: 'New map from…' }).click()
    const dialog = page.getByRole('dialog', { name: 'New map from…' })
    await dialog.getByLabel('Name').fill('Core tree')
    await dialog.getByLabel('A host and its children').check()
    await dialog.getByLabel('Host name').fill('no-such-host')
    await dialog.getByRole('button', { name: 'Make map' }).click()
    await dialog.getByText('No host with this name.').waitFor()
    await dialog.getByLabel('Host name').fill(`${user.username}-core-sw`)
    await dialog.getByRole('button', { name: 'Make map' }).click()
    await page.waitForURL((url) => url.hash.includes('/Core%20tree/edit'))
    const [map] = (await user.api.get('/api/v1/maps')).body.result
    expect(map).toMatchObject({ alias: 'Core tree', generated: true })
    const doc = (await user.api.get(`/api/v1/maps/${map.id}/document?version=draft`)).body.document
    expect(
      Object.values(doc.items)
        .map((i: any) => i.name)
        .sort(),
    ).toEqual(['ap-1', 'core-sw', 'edge-sw'].map((n) => `${user.username}-${n}`).sort())
    expect(Object.keys(doc.connectors)).toHaveLength(2)
  })

  it('has no "add map" without maps_write and refuses edit and delete without write (SPEC §2, §6)', async () => {
    const owner = await makeTenant(suite.server, suite.admin, 'engineer')
    await owner.api.post('/api/v1/maps', { alias: 'Read only map', hostgroup_id: owner.environmentId, layout: 2 })
    const operator = await makeTenant(suite.server, suite.admin, 'operator')
    // The operator works in the owner's organization.
    const db = suite.server.vigil.store.db
    const user = await db.selectFrom('users').select('id').where('username', '=', operator.username).executeTakeFirstOrThrow()
    await db.updateTable('user_rights').set({ organization_id: owner.organizationId }).where('user_id', '=', user.id).execute()
    invalidateScopes()

    const page = await open(operator, '/maps')
    const row = mapsTable(page).getByRole('row').filter({ hasText: 'Read only map' })
    await row.getByRole('link', { name: 'Read only map' }).waitFor()
    await expect(page.getByRole('button', { name: 'Add map', exact: true }).count()).resolves.toBe(0)
    await row.getByRole('button', { name: 'Edit Read only map' }).click()
    await page.getByText('Edit not allowed').waitFor()
    await row.getByRole('button', { name: 'Delete Read only map' }).click()
    await page.getByText('Delete not allowed').waitFor()
    await expect(page.getByRole('dialog').count()).resolves.toBe(0)
  })
})

describe('map files (issue 6 import and export)', () => {
  const fixture = path.resolve('tests/fixtures/maps/network.drawio')
  const read = async (download: Download) => fs.promises.readFile((await download.path())!, 'utf8')

  it('imports a draw.io file through the dialog, reports what was not converted and opens the editor (SPEC §8)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    for (const name of ['core-router', 'web-01'])
      expect((await user.api.post('/api/v1/hosts/', { name, hostgroup_id: user.environmentId, check_type: '1' })).status).toBe(201)
    await user.api.post('/api/v1/maps', { alias: 'Taken', hostgroup_id: user.environmentId, layout: 2 })
    const page = await open(user, '/maps')
    await page.getByRole('button', { name: 'Import map' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import map' })
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await dialog.getByRole('alert').getByText('Required fields missing.').waitFor()

    // The format follows the file name: a .drawio file switches NagVis back to draw.io.
    await dialog.getByLabel('Format').selectOption({ label: 'NagVis' })
    await dialog.getByLabel('Map file').setInputFiles(fixture)
    await dialog.getByText('File: network.drawio').waitFor()
    await expect(dialog.getByLabel('Format').inputValue()).resolves.toBe('drawio')

    // A refusal shows its SPEC §8 text in the dialog, and nothing is made.
    await dialog.getByLabel('Name').fill('Taken')
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await dialog.getByRole('alert').getByText('A map with this name already exists in this environment.').waitFor()
    expect((await user.api.get('/api/v1/maps')).body.totalresults).toBe(1)

    await dialog.getByLabel('Name').fill('Imported network')
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    const summary = page.getByRole('dialog', { name: 'Map imported' })
    await summary.getByText('Map Imported network imported as a draft.').waitFor()
    await summary.getByText('Unsupported item types for conversion').waitFor()
    await summary.getByText('host already on the map: 1').waitFor()
    await summary.getByText('Names that matched no host (imported as plain shapes)').waitFor()
    const unmatched = await summary.getByRole('listitem').allTextContents()
    expect(unmatched).toContain('ghost-99')
    await mapsTable(page).getByRole('link', { name: 'Imported network' }).waitFor()

    await summary.getByRole('button', { name: 'Open in editor' }).click()
    await page.waitForURL((url) => url.hash.includes('/Imported%20network/edit'))
    const map = (await user.api.get('/api/v1/maps')).body.result.find((m: { alias: string }) => m.alias === 'Imported network')
    expect(map).toMatchObject({ status: 'draft', description: 'Imported from draw.io' })
  })

  it('downloads a map as its JSON document, an SVG picture and a PNG named after the map', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const host = (await user.api.post('/api/v1/hosts/', { name: `${user.username}-sw`, hostgroup_id: user.environmentId, check_type: '1' }))
      .body
    const generated = await user.api.post('/api/v1/maps/generate', {
      alias: 'Switches',
      hostgroup_id: user.environmentId,
      from: { kind: 'environment', hostgroup_id: user.environmentId },
    })
    expect(generated.status).toBe(201)
    const page = await open(user, '/maps')
    const row = mapsTable(page).getByRole('row').filter({ hasText: 'Switches' })

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download Switches as JSON' }).click(),
    ])
    expect(json.suggestedFilename()).toBe('Switches.json')
    const doc = JSON.parse(await read(json))
    expect(Object.values(doc.items)).toMatchObject([{ kind: 'host', host_id: host.id }])

    const [svg] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download Switches as SVG' }).click()])
    expect(svg.suggestedFilename()).toBe('Switches.svg')
    const picture = await read(svg)
    expect(picture).toContain('<svg')
    // The host's name, cut at its item's width with an ellipsis where it is longer, as the wall cuts it.
    const label = /<tspan[^>]*>([^<]+)<\/tspan>/.exec(picture.slice(picture.indexOf('data-kind="host"')))?.[1] ?? ''
    expect(label.replace(/…$/, '').length).toBeGreaterThan(3)
    expect(host.name.startsWith(label.replace(/…$/, ''))).toBe(true)

    const [png] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download Switches as PNG' }).click()])
    expect(png.suggestedFilename()).toBe('Switches.png')
    const bytes = await fs.promises.readFile((await png.path())!)
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')
    // The picture's size is the map's resolution, read from the PNG header (IHDR width and height).
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([doc.resolution.width, doc.resolution.height])
  })
})
