/** SVG export of a map (issue 6 export): self-contained, states in the wall's SPEC §4 MAP colours, text never markup. */
import { describe, expect, it } from 'vitest'
import { XMLValidator } from 'fast-xml-parser'
import { exportSvg } from '../../../src/shared/maps/export-svg'
import { emptyDocument, itemKinds, type MapDocument } from '../../../src/shared/maps'
import { mapTheme } from '../../../src/shared/maps/draw'
import { mapFontFaces, measureMapText as measure } from '../../../src/server/maps/text-metrics'
import { MAP } from '../../../src/shared/enums'

function doc(): MapDocument {
  const d = emptyDocument({ width: 1280, height: 720 })
  const add = (item: { id: string }) => {
    d.items[item.id] = item as never
  }
  add(itemKinds.host.defaults({ id: 'h1', x: 100, y: 100, z: 1, host_id: 5, name: 'web-01', label: '<script>alert(1)</script>' }))
  add(itemKinds.host.defaults({ id: 'h2', x: 400, y: 100, z: 2, host_id: 6, name: 'db & backup' }))
  add(itemKinds.shape.defaults({ id: 's1', x: 50, y: 300, z: 3, icon: 'cloud', label: 'ISP "uplink"', style: { fill: '#eeeeee' } }))
  add(itemKinds.text.defaults({ id: 't1', x: 10, y: 10, z: 4, text: 'Line 1\nLine 2 </text><script>x</script>' }))
  add(itemKinds.line.defaults({ id: 'l1', x: 10, y: 600, z: 5, points: [0, 0, 100, 0, 100, 50], arrow: 'end' }))
  add(itemKinds.rack.defaults({ id: 'r1', x: 900, y: 50, z: 6, units: 10, h: 264, slots: [{ u: 1, size: 2, host_id: 6, label: 'db' }] }))
  add(itemKinds.image.defaults({ id: 'p1', x: 600, y: 400, z: 7, image_id: 9 }))
  d.connectors.c1 = { id: 'c1', from: 'h1', to: 'h2', z: 8, kind: 'plain', width: 2, dash: true, label: 'a<b' }
  return d
}

describe('SVG export', () => {
  it('is well-formed XML with every label escaped: a <script> in a label stays text', () => {
    const svg = exportSvg(doc(), { measure, title: 'Map <x>' })
    expect(XMLValidator.validate(svg)).toBe(true)
    expect(svg).not.toMatch(/<script/i)
    // The label is cut at its box (with an ellipsis), so only its start shows.
    expect(svg).toContain('&lt;script&gt;al')
    expect(svg).toContain('db &amp; backup')
    expect(svg).toContain('ISP &quot;uplink&quot;')
    expect(svg).toContain('<title>Map &lt;x&gt;</title>')
    expect(svg).toContain('a&lt;b')
  })

  it('draws every item kind at the document size, in the layers of the wall: static items, connectors, live items', () => {
    const svg = exportSvg(doc(), { measure })
    expect(svg).toMatch(/<svg [^>]*width="1280" height="720" viewBox="0 0 1280 720"/)
    for (const kind of ['host', 'shape', 'text', 'line', 'rack', 'image']) expect(svg).toContain(`data-kind="${kind}"`)
    expect(svg.indexOf('class="items"')).toBeLessThan(svg.indexOf('class="connectors"'))
    expect(svg.indexOf('class="connectors"')).toBeLessThan(svg.indexOf('class="live"'))
    expect(svg.indexOf('data-kind="shape"')).toBeLessThan(svg.indexOf('class="connectors"'))
    expect(svg.indexOf('data-kind="host"')).toBeGreaterThan(svg.indexOf('class="live"'))
    expect(svg).toContain('stroke-dasharray="8 5"')
  })

  it('colours bound items by their SPEC §4 MAP state and rack slots by their host, in the theme asked for', () => {
    const states = {
      h1: { map_state: MAP.down, host_map_state: 1 },
      h2: { map_state: MAP.unreachable, host_map_state: 2 },
      r1: { map_state: MAP.warning, host_map_state: null, parts: { 6: { map_state: MAP.warning, host_map_state: null } } },
    }
    for (const theme of [mapTheme('default'), mapTheme('darkly')]) {
      const svg = exportSvg(doc(), { measure, states, theme })
      const group = (id: string) => svg.split('<g ').find((g) => g.includes(`data-id="${id}"`))!
      expect(group('h1')).toContain(`fill="${theme.state[MAP.down]}"`)
      expect(group('h2')).toContain(`fill="${theme.state[MAP.unreachable]}"`)
      expect(group('r1')).toContain(`fill="${theme.state[MAP.warning]}"`)
    }
  })

  it('embeds uploaded pictures given as data URIs, and a placeholder without them', () => {
    const uri = 'data:image/png;base64,iVBORw0KGgo='
    const d = doc()
    d.background.image_id = 9
    expect(exportSvg(d, { measure, images: { 9: uri } }).match(/<image /g)).toHaveLength(2)
    expect(exportSvg(d, { measure })).not.toContain('<image ')
  })

  it('cuts a one-line label at its box with an ellipsis, as the wall does', () => {
    const d = doc()
    d.items.h2 = { ...d.items.h2, label: 'a-very-long-host-name.example.com' } as never
    d.items.h1 = { ...d.items.h1, label: 'web' } as never
    const svg = exportSvg(d, { measure })
    const label = (id: string) => {
      const from = svg.indexOf(`data-id="${id}"`)
      return /<text x="([\d.-]+)"[^>]*><tspan[^>]*>([^<]*)<\/tspan><\/text>/.exec(svg.slice(from, svg.indexOf('</g>', from)))!
    }
    // The label's box: twice the item's width (96), centred on it.
    const [, x, cut] = label('h2')
    expect(x).toBe('24')
    expect(cut).toMatch(/^a-very-long-h.*…$/)
    expect(measure(cut, 12, false)).toBeLessThanOrEqual(96)
    expect(measure(cut.slice(0, -1) + 'x…', 12, false)).toBeGreaterThan(96)
    expect(label('h1')[2]).toBe('web')
  })

  it('wraps free text at its box in the map font’s widths and keeps the lines that fit its height, as the wall does', () => {
    const d = doc()
    const words = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen'
    d.items.t1 = { ...d.items.t1, w: 120, h: 48, font_size: 12, text: words } as never
    const svg = exportSvg(d, { measure })
    const t1 = svg.slice(svg.indexOf('data-id="t1"'), svg.indexOf('</g>', svg.indexOf('data-id="t1"')))
    const lines = [...t1.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1])
    expect(lines).toHaveLength(4)
    for (const line of lines) expect(measure(line, 12, false)).toBeLessThanOrEqual(120)
    // Each line holds as many words as fit: the next word would not.
    for (const [i, line] of lines.slice(0, 3).entries())
      expect(measure(`${line} ${lines[i + 1].split(' ')[0]}`, 12, false)).toBeGreaterThan(120)
    expect(lines.slice(0, 3).join(' ')).toBe(words.slice(0, lines.slice(0, 3).join(' ').length))
    expect(lines[3]).toMatch(/…$/)
  })

  it('embeds the map font’s faces its texts need, so that the file and its PNG draw the wall’s glyphs', () => {
    const faces = (svg: string) => [
      ...svg.matchAll(
        /font-weight:(\d+);src:url\(data:font\/woff2;base64,[A-Za-z0-9+/=]+\) format\(&apos;woff2&apos;\);unicode-range:([^}]+)}/g,
      ),
    ]
    const latin = exportSvg(doc(), { measure, fontFaces: mapFontFaces })
    expect(XMLValidator.validate(latin)).toBe(true)
    // Latin labels in the regular weight: Latin's face only (U+0000-00FF starts its range).
    expect(faces(latin).map((m) => [m[1], m[2].split(',')[0]])).toEqual([['400', 'U+0000-00FF']])
    const d = doc()
    d.items.t1 = { ...d.items.t1, text: 'Москва' } as never
    const cyrillic = faces(exportSvg(d, { measure, fontFaces: mapFontFaces }))
    expect(cyrillic).toHaveLength(2)
    expect(cyrillic.some((m) => m[2].includes('U+0400-045F'))).toBe(true)
    // A map without text embeds nothing.
    const empty = emptyDocument({ width: 100, height: 100 })
    expect(exportSvg(empty, { measure, fontFaces: mapFontFaces })).not.toContain('@font-face')
  })

  it('drops characters XML cannot carry', () => {
    const d = doc()
    d.items.t1 = { ...d.items.t1, text: 'bell\u0007 here' } as never
    const svg = exportSvg(d, { measure })
    expect(XMLValidator.validate(svg)).toBe(true)
    expect(svg).toContain('bell here')
  })
})
