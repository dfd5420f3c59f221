/** The shared item drawings (issue 18; STYLE.md "Item kinds") and what they share: palette, decorations, geometry. */
import { describe, expect, it } from 'vitest'
import { connectorRoute, ITEM_KINDS, itemKinds, SHAPE_ICONS } from '../../../src/shared/maps'
import { MAP } from '../../../src/shared/enums'
import {
  decorationBadges,
  drawItem,
  edgePoint,
  itemDrawings,
  liveColour,
  mapTheme,
  outlineOf,
  shapePath,
} from '../../../src/shared/maps/draw'

describe('item drawings', () => {
  it('has a drawing for every item kind and nothing else', () => {
    expect(Object.keys(itemDrawings).sort()).toEqual([...ITEM_KINDS].sort())
  })

  it('draws every kind as one filled block when zoomed out to blocks', () => {
    const ctx = { theme: mapTheme('default'), lod: 'blocks' as const, hasImage: () => false }
    for (const kind of ['host', 'resource', 'environment', 'map', 'shape', 'image', 'rack'] as const) {
      const ops = drawItem(itemKinds[kind].defaults({ id: 'x', x: 0, y: 0, z: 0 }), undefined, ctx)
      expect(
        ops.map((o) => o.op),
        kind,
      ).toEqual(['rect'])
    }
  })

  it('keeps a line a polyline when zoomed out, in map coordinates', () => {
    const line = itemKinds.line.defaults({ id: 'l', x: 10, y: 20, z: 0, points: [0, 0, 100, 50] })
    expect(outlineOf(line)).toEqual([10, 20, 110, 70])
    expect(outlineOf(itemKinds.host.defaults({ id: 'h', x: 0, y: 0, z: 0 }))).toBeUndefined()
  })

  it('has a drawable outline for every shape icon', () => {
    for (const icon of SHAPE_ICONS) expect(shapePath(icon, 120, 80).body).toMatch(/^M[\d.]+ [\d.]+/)
  })
})

describe('live colours and decorations (SPEC §4)', () => {
  const theme = mapTheme('default')

  it('colours by the MAP state, greys stale items, and shows nohost without a state', () => {
    expect(liveColour(theme, { map_state: MAP.down })).toBe(theme.state[MAP.down])
    expect(liveColour(theme, { map_state: MAP.down, stale: true })).toBe(theme.stale)
    expect(liveColour(theme, undefined)).toBe(theme.state[MAP.nohost])
  })

  it('shows maintenance before stale before flapping, and a ticket before an acknowledgement', () => {
    const base = { map_state: MAP.down, host_map_state: null }
    expect(decorationBadges({ ...base, in_maintenance: true, stale: true, flapping: true, ticket: true, acknowledged: true })).toEqual([
      'maintenance',
      'ticket',
    ])
    expect(decorationBadges({ ...base, stale: true, flapping: true, acknowledged: true })).toEqual(['stale', 'acknowledged'])
    expect(decorationBadges({ ...base, flapping: true })).toEqual(['flapping'])
    expect(decorationBadges(undefined)).toEqual([])
  })

  it('has a dark palette for the dark themes', () => {
    expect(mapTheme('darkly').dark).toBe(true)
    expect(mapTheme('unknown-theme')).toBe(mapTheme('default'))
  })
})

describe('connector geometry', () => {
  it('runs from edge to edge of the two boxes', () => {
    expect(connectorRoute({}, { x: 0, y: 0, w: 100, h: 100 }, { x: 300, y: 0, w: 100, h: 100 }).points).toEqual([
      { x: 100, y: 50 },
      { x: 300, y: 50 },
    ])
    expect(edgePoint({ x: 0, y: 0, w: 100, h: 40 }, { x: 50, y: 500 })).toEqual({ x: 50, y: 40 })
  })
})
