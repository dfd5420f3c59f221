/**
 * NagVis map import (issue 6 "Import"; SPEC §5 "an object can be on a map only once"; SPEC §8 "Unsupported
 * item types for conversion") on a map .cfg written in NagVis' documented syntax.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { nagvis } from '../../../src/server/integrations/import/nagvis'
import { MapDocument, type MapItem } from '../../../src/shared/maps'
import { ApiError } from '../../../src/shared/errors'
import { DISK, HOSTS, testLookup } from './lookup'

const text = fs.readFileSync(new URL('../../fixtures/maps/site.cfg', import.meta.url), 'utf8')
const ofKind = <K extends MapItem['kind']>(doc: MapDocument, kind: K) =>
  Object.values(doc.items).filter((i): i is Extract<MapItem, { kind: K }> => i.kind === kind)

describe('NagVis import', () => {
  const result = nagvis(text, testLookup({ environments: { ENV: 31 }, maps: { 'branch-office': 41 } }))
  const doc = result.document

  it('produces a document the server accepts (SPEC §5 rules hold)', () => {
    expect(MapDocument.safeParse(doc).success).toBe(true)
  })

  it('binds hosts at their positions, resolving NagVis 1.6 relative coordinates and label macros', () => {
    const hosts = ofKind(doc, 'host')
    expect(hosts.map((h) => ({ id: h.host_id, x: h.x, y: h.y, label: h.label }))).toEqual([
      { id: HOSTS['core-router'], x: 100, y: 120, label: undefined },
      { id: HOSTS['web-01'], x: 300, y: 120, label: 'Web web-01' },
    ])
  })

  it('binds services, hostgroups and maps matched by name in the environment', () => {
    expect(ofKind(doc, 'resource')).toMatchObject([{ resource_id: DISK.id, host_id: DISK.host_id, x: 300, y: 300 }])
    expect(ofKind(doc, 'environment')).toMatchObject([{ hostgroup_id: 31, name: 'ENV', x: 600, y: 300 }])
    expect(ofKind(doc, 'map')).toMatchObject([{ map_id: 41, name: 'branch-office', label: 'Branch', x: 600, y: 450 }])
  })

  it('keeps a host that matched nothing as an unbound shape and lists it', () => {
    expect(result.unmatched).toEqual(['core-router/Interface WAN', 'unknown-host'])
    expect(ofKind(doc, 'shape').find((s) => s.label === 'unknown-host')).toMatchObject({ icon: 'server', x: 500, y: 100 })
  })

  it('converts textboxes (text stays text), shapes and lines', () => {
    expect(ofKind(doc, 'text')).toMatchObject([
      { text: 'Datacenter North <script>', x: 10, y: 10, w: 240, h: 30, font_size: 18, style: { text: '#ffffff', fill: '#1e3a5f' } },
    ])
    expect(ofKind(doc, 'shape').find((s) => !s.label)).toMatchObject({ icon: 'cloud', x: 350, y: 500 })
    expect(ofKind(doc, 'line')).toMatchObject([
      { x: 100, y: 600, points: [0, 0, 300, 0], arrow: 'end', stroke_width: 2, style: { stroke: '#ff0000' } },
    ])
    // Issue 18: the service drawn as a line joins the router and the disk: a connector (its service is not in this environment).
    const router = ofKind(doc, 'host').find((h) => h.host_id === HOSTS['core-router'])!
    const disk = ofKind(doc, 'resource')[0]
    expect(Object.values(doc.connectors)).toMatchObject([
      { from: router.id, to: disk.id, kind: 'plain', label: 'core-router Interface WAN' },
    ])
  })

  it('stacks items by their z key', () => {
    const router = ofKind(doc, 'host').find((h) => h.host_id === HOSTS['core-router'])!
    expect(Object.values(doc.items).every((i) => i === router || i.z < router.z)).toBe(true)
  })

  it('keeps the background colour; the background picture is a file apart and is listed as missing (issue 18)', () => {
    expect(doc.background).toEqual({ colour: '#e8e8e8', image_id: null })
    expect(result.missing_pictures).toContain('site-background.png')
  })

  it('counts what has no Vigil kind and the second item of a host (SPEC §5 once per map)', () => {
    expect(result.unsupported).toEqual([
      { type: 'container', count: 1 },
      { type: 'host already on the map', count: 1 },
      { type: 'servicegroup', count: 1 },
    ])
  })

  it('counts a line with one point instead of failing the whole map', () => {
    const r = nagvis('define line {\nx=10\ny=10\n}\ndefine host {\nhost_name=web-01\nx=5\ny=5\n}\n', testLookup())
    expect(r.unsupported).toEqual([{ type: 'line with one point', count: 1 }])
    expect(Object.values(r.document.items)).toMatchObject([{ kind: 'host', host_id: HOSTS['web-01'] }])
  })

  it('refuses files that are not NagVis maps with invalid_input naming the line', () => {
    for (const [bad, reason] of [
      ['hello world', /line 1/],
      ['define host {\nhost_name=a\n', /not closed/],
      ['# only comments\n', /no "define"/],
    ] as const) {
      const err = (() => {
        try {
          nagvis(bad, testLookup())
        } catch (e) {
          return e
        }
      })() as ApiError
      expect(err, bad).toBeInstanceOf(ApiError)
      expect(err.key).toBe('invalid_input')
      expect(String(err.extra.reason)).toMatch(reason)
    }
  })
})
