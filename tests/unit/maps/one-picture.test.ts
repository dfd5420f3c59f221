/**
 * Issue 18 "One picture everywhere": the SVG export and the wall's Konva drawing paint the same primitives in
 * the same colours, for every item kind, every state (unreachable included) and a bandwidth connector.
 */
import { describe, expect, it } from 'vitest'
import type { ReactElement } from 'react'
import {
  emptyDocument,
  ITEM_KINDS,
  itemKinds,
  type Connector,
  type LiveState,
  type MapDocument,
  type MapItem,
} from '../../../src/shared/maps'
import { bandwidthReading, utilisationColour } from '../../../src/shared/maps/bandwidth'
import { connectorOps, drawItem, mapTheme, type DrawContext } from '../../../src/shared/maps/draw'
import { exportSvg } from '../../../src/shared/maps/export-svg'
import { measureMapText as measure } from '../../../src/server/maps/text-metrics'
import { konvaNodes } from '../../../src/viewer/items/konva-ops'
import { MAP } from '../../../src/shared/enums'

const STATES = { up: MAP.up, down: MAP.down, unreachable: MAP.unreachable, warning: MAP.warning, pending: MAP.pending } as const
const PICTURE = 'data:image/png;base64,iVBORw0KGgo='

function map(): { doc: MapDocument; states: Record<string, LiveState>; links: Record<string, Connector> } {
  const doc = emptyDocument({ width: 1600, height: 900 })
  const put = (item: MapItem) => (doc.items[item.id] = item)
  let x = 40
  for (const [name, id] of Object.entries(STATES)) {
    put(itemKinds.host.defaults({ id: `h-${name}`, x, y: 40, z: 1, host_id: id + 10, name, state_icon: 'box' }))
    x += 140
  }
  put(itemKinds.host.defaults({ id: 'h-icon', x: 40, y: 200, z: 2, host_id: 30, name: 'icon', state_icon: 'icon' }))
  put(itemKinds.host.defaults({ id: 'h-dot', x: 140, y: 200, z: 2, host_id: 31, name: 'dot', state_icon: 'dot' }))
  put(itemKinds.resource.defaults({ id: 'res', x: 240, y: 200, z: 2, resource_id: 5, name: 'disk', host_name: 'web', state_icon: 'label' }))
  put(itemKinds.environment.defaults({ id: 'env', x: 400, y: 200, z: 2, hostgroup_id: 3, name: 'Site' }))
  put(itemKinds.map.defaults({ id: 'nested', x: 560, y: 200, z: 2, map_id: 4, name: 'Core' }))
  put(itemKinds.shape.defaults({ id: 'cloud', x: 40, y: 400, z: 3, icon: 'cloud', label: 'ISP', style: { fill: '#ddeeff' } }))
  put(itemKinds.shape.defaults({ id: 'sketch', x: 200, y: 400, z: 3, icon: 'server', style: { sketch: true } }))
  put(itemKinds.text.defaults({ id: 'label', x: 360, y: 400, z: 3, text: 'Data centre', style: { fill: '#ffffcc', text: '#112233' } }))
  put(itemKinds.image.defaults({ id: 'picture', x: 560, y: 400, z: 3, image_id: 9 }))
  put(itemKinds.image.defaults({ id: 'missing', x: 760, y: 400, z: 3, image_id: 10 }))
  put(itemKinds.line.defaults({ id: 'arrow', x: 40, y: 700, z: 4, points: [0, 0, 200, 40], arrow: 'both', dash: true }))
  const slots = [
    { u: 1, size: 2, host_id: 11, label: 'db' },
    { u: 4, size: 1, host_id: 13, label: 'edge' },
    { u: 6, size: 1, host_id: null, label: 'patch' },
  ]
  put(itemKinds.rack.defaults({ id: 'rack', x: 1200, y: 40, z: 5, units: 12, h: 12 * 20 + 24, slots, label: 'Rack A' }))
  const states: Record<string, LiveState> = {}
  for (const [name, s] of Object.entries(STATES)) states[`h-${name}`] = { map_state: s, host_map_state: null }
  states['h-icon'] = { map_state: MAP.down, host_map_state: null, in_maintenance: true, acknowledged: true }
  states['h-dot'] = { map_state: MAP.up, host_map_state: null, stale: true }
  states.res = { map_state: MAP.warning, host_map_state: null }
  states.env = { map_state: MAP.unreachable, host_map_state: null }
  const parts = { 11: { map_state: MAP.down, host_map_state: null }, 13: { map_state: MAP.unreachable, host_map_state: null } }
  states.rack = { map_state: MAP.down, host_map_state: null, parts }
  const bandwidth = { resource_id: 5, in_key: 'in', out_key: 'out', capacity_bps: 1e9 }
  const links: Record<string, Connector> = {
    plain: { id: 'plain', from: 'h-up', to: 'h-down', z: 1, kind: 'plain', width: 2, dash: true, label: 'uplink' },
    busy: { id: 'busy', from: 'env', to: 'nested', z: 2, kind: 'bandwidth', width: 4, dash: false, bandwidth },
  }
  doc.connectors = links
  return { doc, states, links }
}
const NOW = 1_800_000_000
const reading = (c: Connector) =>
  c.bandwidth ? bandwidthReading(c.bandwidth, { in: { value: 8e8, t: NOW - 60 }, out: { value: 1e8, t: NOW - 60 } }, NOW) : undefined

/** Tag, fill and stroke of each element an SVG fragment draws. */
const svgPaint = (fragment: string) =>
  [...fragment.matchAll(/<(rect|circle|path|text|image)\b([^>]*)>/g)].map(([, tag, attrs]) => ({
    tag,
    fill: /\bfill="([^"]*)"/.exec(attrs)?.[1],
    stroke: /\bstroke="([^"]*)"/.exec(attrs)?.[1],
  }))
/** Tag, fill and stroke of each node the Konva backend draws (react-konva node types are their class names). */
const konvaPaint = (nodes: (ReactElement | null)[]) =>
  nodes.flatMap((n) => {
    if (!n) return []
    const p = n.props as { fill?: string; stroke?: string }
    return [
      {
        tag: String(n.type).toLowerCase(),
        fill: p.fill ?? (n.type === 'Text' || n.type === 'Image' ? undefined : 'none'),
        stroke: p.stroke,
      },
    ]
  })
/** The SVG of one item (`<g data-id=…>`) or of the connectors' group. */
const fragment = (svg: string, open: string) => {
  const from = svg.indexOf(open)
  return svg.slice(from, svg.indexOf('</g>', from))
}

describe('one picture everywhere (issue 18)', () => {
  for (const themeName of ['default', 'darkly'] as const) {
    it(`paints every item kind alike on the wall and in the export (${themeName} theme)`, () => {
      const { doc, states } = map()
      const theme = mapTheme(themeName)
      const svg = exportSvg(doc, { measure, states, bandwidth: reading, images: { 9: PICTURE }, theme })
      // The wall: loaded pictures only, labels always (pinned), full detail.
      const ctx: DrawContext = { theme, lod: 'detail', hasImage: (id) => id === 9 }
      const picture = {} as CanvasImageSource
      const seen = new Set<string>()
      for (const item of Object.values(doc.items)) {
        const wall = konvaPaint(konvaNodes(drawItem(item, states[item.id], ctx), (id) => (id === 9 ? picture : undefined)))
        const exported = svgPaint(fragment(svg, `data-id="${item.id}"`))
        expect(exported, item.id).toEqual(wall)
        expect(wall.length, item.id).toBeGreaterThan(0)
        seen.add(item.kind)
      }
      expect([...seen].sort()).toEqual([...ITEM_KINDS].sort())
    })
  }

  it('paints every state in the one palette: unreachable is the same purple on the wall and in the export', () => {
    const { doc, states } = map()
    const theme = mapTheme('default')
    const svg = exportSvg(doc, { measure, states })
    expect(theme.state[MAP.unreachable]).toBe('#6f42c1')
    for (const [name, s] of Object.entries(STATES)) {
      expect(svgPaint(fragment(svg, `data-id="h-${name}"`))[0].fill, name).toBe(theme.state[s])
    }
    // A rack's bound slots in their hosts' colours, an empty slot muted.
    const slots = svgPaint(fragment(svg, 'data-id="rack"')).filter((e) => e.tag === 'rect')
    expect(slots.map((e) => e.fill)).toEqual([theme.fill, theme.state[MAP.down], theme.state[MAP.unreachable], theme.muted])
  })

  it('colours a bandwidth connector by its utilisation in both, with its reading as the label', () => {
    const { doc, links } = map()
    const theme = mapTheme('default')
    const svg = exportSvg(doc, { measure, bandwidth: reading })
    const box = (id: string) => itemKinds.environment.bounds(doc.items[id] as never)
    const wall = konvaPaint(konvaNodes(connectorOps(links.busy, box('env'), box('nested'), { theme, lod: 'detail' }, reading(links.busy))))
    expect(wall[0].stroke).toBe(utilisationColour(0.8))
    const exported = svgPaint(fragment(svg, 'class="connectors"'))
    expect(exported).toContainEqual(wall[0])
    expect(svg).toContain('80 % · 800 Mbit/s')
    // Without a reading it keeps its own colour, and never pretends to be idle.
    expect(svgPaint(fragment(exportSvg(doc, { measure }), 'class="connectors"')).map((e) => e.stroke)).not.toContain(utilisationColour(0.8))
  })
})
