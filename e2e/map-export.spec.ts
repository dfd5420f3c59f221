/**
 * Issue 18 "One picture everywhere", against the built app and the real server in Chromium: the PNG a user
 * downloads from the maps list (the server's SVG, rasterised) has the wall's colours at every item — hosts in
 * each SPEC §4 MAP state (unreachable included), a rack's bound slots, a filled label, a bandwidth connector — and
 * shows the published version, not a newer draft; the download and the dashboard's thumbnail are in the user's theme.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, uniq, type Tenant } from '../tests/helpers/api'
import { browserAs, useBrowserSuite } from './browser'
import { DOWN, itemPoint, PENDING, publishedMap, UNREACHABLE, UP, upHost, waitForColour, WARNING } from './map-pixels'

const suite = useBrowserSuite()
const PUBLISHED_FILL = '#ffe8a0',
  DRAFT_FILL = '#ff0000'

async function host(user: Tenant, exit: number | null, parents?: string[]) {
  const name = uniq('h')
  const r = await user.api.post('/api/v1/hosts/', {
    name,
    hostgroup_id: user.environmentId,
    check_type: '1',
    max_check_attempts: 1,
    parents,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  if (exit !== null) expect((await user.api.post('/api/v1/results', { host: name, exit_status: exit, output: 'PING' })).status).toBe(200)
  return { id: r.body.id as number, name }
}
const box = (id: string, x: number, hostRef: { id: number; name: string }) => ({
  id,
  kind: 'host',
  x,
  y: 60,
  w: 120,
  h: 60,
  z: 2,
  rotation: 0,
  host_id: hostRef.id,
  name: hostRef.name,
  state_icon: 'box',
})

/** The RGB of a PNG's pixels at map points, decoded by the browser. */
async function pngPixels(page: Page, png: Buffer, points: { x: number; y: number }[]): Promise<number[][]> {
  return page.evaluate(
    async ([base64, pts]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(bitmap, 0, 0)
      return pts.map((p) => [...ctx.getImageData(Math.round(p.x), Math.round(p.y), 1, 1).data.slice(0, 3)])
    },
    [png.toString('base64'), points] as const,
  )
}
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) < 6)
/** The dark themes' down colour (src/shared/maps/draw/palette.ts), unlike the light one (DOWN). */
const DARK_DOWN = [0xff, 0x4d, 0x5e]

/** The RGB of a shown image's pixel at a point of its own (natural) size. */
async function imagePixel(page: Page, alt: string, at: { x: number; y: number }): Promise<number[]> {
  await page.waitForFunction((alt) => [...document.images].some((i) => i.alt === alt && i.complete && i.naturalWidth > 0), alt)
  return page.evaluate(
    ([alt, x, y]) => {
      const img = [...document.images].find((i) => i.alt === alt)!
      const canvas = new OffscreenCanvas(img.naturalWidth, img.naturalHeight)
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(img, 0, 0)
      return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)]
    },
    [alt, at.x, at.y] as const,
  )
}

describe('map export (issue 18 "One picture everywhere")', () => {
  it('downloads a PNG of the published version with the colours the wall shows at every item', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const up = await upHost(user)
    const down = await host(user, 2)
    const unreachable = await host(user, 2, [down.name])
    const warning = await upHost(user, ['load'])
    const loadWarning = await user.api.post('/api/v1/results', {
      resource_id: warning.resources.load,
      exit_status: 1,
      output: 'LOAD WARNING',
    })
    expect(loadWarning.status).toBe(200)
    const pending = await host(user, null)
    // A host is on a map once (SPEC §5): the rack's slots hold hosts of their own.
    const [slotUp, slotDown] = [await upHost(user), await host(user, 2)]
    const slotUnreachable = await host(user, 2, [slotDown.name])
    const link = await upHost(user, ['uplink'])
    const perfdata = await user.api.post('/api/v1/results', {
      resource_id: link.resources.uplink,
      exit_status: 0,
      output: 'IF OK',
      perfdata: 'in=800000000 out=100000000',
    })
    expect(perfdata.status).toBe(200)

    const rack = {
      id: 'rack',
      kind: 'rack',
      x: 1000,
      y: 40,
      w: 160,
      h: 12 * 20 + 24,
      z: 3,
      rotation: 0,
      units: 12,
      label: 'Rack A',
      slots: [
        { u: 1, size: 2, host_id: slotUp.id, label: 'db' },
        { u: 4, size: 1, host_id: slotDown.id, label: 'edge' },
        { u: 6, size: 1, host_id: slotUnreachable.id, label: 'fw' },
      ],
    }
    const items = {
      up: box('up', 60, up),
      down: box('down', 240, down),
      unreachable: box('unreachable', 420, unreachable),
      warning: box('warning', 600, warning),
      pending: box('pending', 780, pending),
      rack,
      note: {
        id: 'note',
        kind: 'text',
        x: 60,
        y: 420,
        w: 200,
        h: 40,
        z: 1,
        rotation: 0,
        text: 'Data centre',
        font_size: 14,
        align: 'left',
        style: { fill: PUBLISHED_FILL },
      },
      switch: { id: 'switch', kind: 'shape', x: 60, y: 280, w: 120, h: 60, z: 1, rotation: 0, icon: 'switch', label: 'core' },
    }
    const bandwidth = { resource_id: link.resources.uplink, in_key: 'in', out_key: 'out', capacity_bps: 1e9 }
    const connectors = { bw: { id: 'bw', from: 'up', to: 'switch', z: 1, kind: 'bandwidth', width: 8, dash: false, bandwidth } }
    const map = await publishedMap(user, items, { extra: { connectors } })
    // A newer draft the wall does not show: the label in another colour.
    expect((await user.api.post(`/api/v1/maps/${map.id}/lock`)).status).toBe(200)
    const draft = { ...map.document, connectors, items: { ...items, note: { ...items.note, style: { fill: DRAFT_FILL } } } }
    expect((await user.api.put(`/api/v1/maps/${map.id}/document`, { document: draft })).status).toBe(200)
    expect((await user.api.del(`/api/v1/maps/${map.id}/lock`)).status).toBe(204)

    // Map points inside each item's state-coloured body, clear of labels and of antialiased edges.
    const slotY = (u: number, size: number) => rack.y + 12 + (rack.units - (u + size - 1)) * 20 + (size * 20) / 2
    const samples: { what: string; at: { x: number; y: number }; means: number[] }[] = [
      { what: 'up host', at: { x: 120, y: 72 }, means: UP },
      { what: 'down host', at: { x: 300, y: 72 }, means: DOWN },
      { what: 'unreachable host', at: { x: 480, y: 72 }, means: UNREACHABLE },
      { what: 'warning host', at: { x: 660, y: 72 }, means: WARNING },
      { what: 'pending host', at: { x: 840, y: 72 }, means: PENDING },
      { what: 'rack slot of the up host', at: { x: rack.x + 130, y: slotY(1, 2) }, means: UP },
      { what: 'rack slot of the down host', at: { x: rack.x + 130, y: slotY(4, 1) }, means: DOWN },
      { what: 'rack slot of the unreachable host', at: { x: rack.x + 130, y: slotY(6, 1) }, means: UNREACHABLE },
      { what: 'published label fill', at: { x: 230, y: 450 }, means: [0xff, 0xe8, 0xa0] },
      // 80 % utilisation (src/shared/maps/bandwidth.ts scale: orange to red).
      { what: 'bandwidth connector', at: { x: 120, y: 150 }, means: [233, 98, 42] },
    ]

    const browser = await browserAs(suite, user)
    const list = await browser.tab('/maps')
    const row = list.getByRole('table').getByRole('row').filter({ hasText: map.alias })
    const [download] = await Promise.all([
      list.waitForEvent('download'),
      row.getByRole('button', { name: `Download ${map.alias} as PNG` }).click(),
    ])
    const png = await fs.promises.readFile((await download.path())!)
    const exported = await pngPixels(
      list,
      png,
      samples.map((s) => s.at),
    )

    const wall = await browser.tab(`${map.path}/fullscreen`)
    await wall.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    for (const [i, s] of samples.entries()) {
      expect(near(exported[i], s.means), `${s.what} in the PNG: ${exported[i]}`).toBe(true)
      // The wall paints the very same colour there.
      await waitForColour(wall, await itemPoint(wall, { ...s.at, w: 0, h: 0 }), exported[i])
    }
  })

  it('wraps a text at the same words on the wall and in the export (the map font, measured alike)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    // Narrow letters: a width guessed per character (the export's former estimate) breaks these lines elsewhere.
    const words = 'Fill in: little lilies lit till late, if it fits it is filled; rack 12 fibre uplinks to the 2nd floor'
    const note = { kind: 'text', id: 'note', x: 100, y: 100, w: 150, h: 160, z: 1, rotation: 0, text: words, font_size: 14, align: 'left' }
    const map = await publishedMap(user, { note })
    const svg = (await user.api.get(`/api/v1/maps/${map.id}/export?format=svg&version=live`)).body as string
    const group = svg.slice(svg.indexOf('data-id="note"'), svg.indexOf('</g>', svg.indexOf('data-id="note"')))
    const exported = [...group.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1])
    expect(exported.length).toBeGreaterThan(3)

    const wall = await (await browserAs(suite, user)).tab(`${map.path}/fullscreen`)
    await wall.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    // The lines Konva laid the text out in on the wall (Konva puts itself on window).
    const lines = () =>
      wall.evaluate(
        (start) => {
          type Text = { text(): string; textArr: { text: string }[] }
          const konva = (window as unknown as { Konva: { stages: { find(selector: string): Text[] }[] } }).Konva
          const node = konva.stages.flatMap((s) => s.find('Text')).find((t) => t.text().startsWith(start))
          return node?.textArr.map((l) => l.text) ?? []
        },
        words.slice(0, 8),
      )
    await expect.poll(lines).toEqual(exported)
  })

  it('fetches the map font only where a map is drawn, and draws labels in it there (issue 19 fast over any link)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const map = await publishedMap(user, {
      note: { kind: 'text', id: 'note', x: 100, y: 100, w: 150, h: 60, z: 1, rotation: 0, text: 'uplink' },
    })
    const browser = await browserAs(suite, user)
    const fonts: string[] = []
    browser.context.on('request', (r) => {
      if (/\.woff2?$/.test(r.url())) fonts.push(r.url())
    })
    const problems = await browser.tab('/monitoring/problems')
    await problems.getByRole('heading', { name: 'Problems' }).waitFor()
    await problems.waitForLoadState('networkidle')
    expect(fonts).toEqual([])

    const wall = await browser.tab(`${map.path}/fullscreen`)
    await wall.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    await expect.poll(() => fonts.some((url) => url.includes('inter-latin-400'))).toBe(true)
    await expect.poll(() => wall.evaluate(() => document.fonts.check('12px Inter'))).toBe(true)
  })

  it("draws the download and the dashboard's thumbnail in the user's theme, as their wall shows the map", async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    expect((await user.api.put('/api/v1/users/current', { preferences: { theme: 'darkly' } })).status).toBe(200)
    const down = await host(user, 2)
    const map = await publishedMap(user, { down: box('down', 60, down) })
    const inBody = { x: 120, y: 72 }

    const browser = await browserAs(suite, user)
    const list = await browser.tab('/maps')
    const row = list.getByRole('table').getByRole('row').filter({ hasText: map.alias })
    const [download] = await Promise.all([
      list.waitForEvent('download'),
      row.getByRole('button', { name: `Download ${map.alias} as PNG` }).click(),
    ])
    const [exported] = await pngPixels(list, await fs.promises.readFile((await download.path())!), [inBody])
    expect(near(exported, DARK_DOWN), `down host in the PNG: ${exported}`).toBe(true)

    // The map is down, so the dashboard shows it among the maps in alarm, with its picture.
    const dashboard = await browser.tab('/dashboard')
    const thumbnail = await imagePixel(dashboard, `Map ${map.alias}`, inBody)
    expect(near(thumbnail, DARK_DOWN), `down host in the thumbnail: ${thumbnail}`).toBe(true)
  })
})
