/**
 * Issue 18 import fidelity: an imported map holds as many items, connections and labels as its source, counted
 * here from the file by a plain scan, independently of the importers. NagVis weathermap lines keep their service
 * and bandwidth, label_text labels, pictures the file names are listed as missing; draw.io html labels become
 * plain text, routed edges keep their route, and cisco/networks stencils become Vigil shapes.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { drawio } from '../../../src/server/integrations/import/drawio'
import { nagvis } from '../../../src/server/integrations/import/nagvis'
import { nameIndex, type ImportLookup, type ResourceRef } from '../../../src/server/integrations/import/builder'
import type { Conversion } from '../../../src/server/integrations/import/builder'
import type { MapItem } from '../../../src/shared/maps'

const fixture = (name: string) => fs.readFileSync(new URL(`../../fixtures/maps/${name}`, import.meta.url), 'utf8')

const HOSTS = { 'router-a': 1, 'router-b': 2 }
const GI1: ResourceRef = { id: 11, host_id: 1, name: 'Interface Gi0/1', host_name: 'router-a' }
const GI2: ResourceRef = { id: 12, host_id: 2, name: 'Interface Gi0/2', host_name: 'router-b' }
const lookup: ImportLookup = {
  host: nameIndex(Object.entries(HOSTS).map(([name, id]) => [name, { id, name }])),
  resource: (host, name) => nameIndex([GI1, GI2].map((r) => [`${r.host_name}/${r.name}`, r]))(`${host}/${name}`),
  environment: () => undefined,
  map: () => undefined,
}

/** What a person sees on the wall: items, connections (connectors and drawn lines) and labels. */
function counted(r: Conversion) {
  const items = Object.values(r.document.items) as MapItem[]
  const lines = items.filter((i) => i.kind === 'line')
  const connectors = Object.values(r.document.connectors)
  return {
    items: items.length - lines.length,
    connections: lines.length + connectors.length,
    // A bound item shows its object's name unless it has a label of its own.
    labels: items.filter((i) => i.kind !== 'line' && (i.label || (i.kind === 'text' && i.text) || ('name' in i && i.name))).length,
    connectionLabels: [...lines.map((l) => l.label), ...connectors.map((c) => c.label)].filter(Boolean).length,
  }
}

describe('NagVis weathermap import (issue 18)', () => {
  const text = fixture('weathermap.cfg')
  const r = nagvis(text, lookup)

  it('keeps as many objects, lines and labels as the file has', () => {
    const blocks = [...text.matchAll(/define (\w+) \{([^}]*)\}/g)].map(([, type, body]) => ({ type, body }))
    const isLine = (b: { type: string; body: string }) => b.type === 'line' || /view_type=line/.test(b.body)
    const objects = blocks.filter((b) => b.type !== 'global' && !isLine(b))
    const global = blocks.find((b) => b.type === 'global')!.body
    // label_show=1 in the global block labels every object but textboxes (text) and shapes (pictures).
    const labelled = objects.filter((b) => b.type === 'textbox' || (/label_show=1/.test(global) && b.type !== 'shape'))
    expect(counted(r)).toEqual({
      items: objects.length,
      connections: blocks.filter(isLine).length,
      labels: labelled.length,
      connectionLabels: blocks.filter((b) => isLine(b) && b.type === 'service').length,
    })
  })

  it('binds each weathermap line to its service with its bandwidth labels, between the objects it joins', () => {
    const items = Object.values(r.document.items)
    const id = (hostId: number) => items.find((i) => i.kind === 'host' && i.host_id === hostId)!.id
    const branch = items.find((i) => i.label === 'Branch office')!
    expect(Object.values(r.document.connectors)).toMatchObject([
      {
        from: id(1),
        to: id(2),
        kind: 'bandwidth',
        bandwidth: { resource_id: GI1.id, in_key: 'inUsage', out_key: 'outUsage', capacity_bps: 1e9 },
      },
      { from: id(2), to: branch.id, kind: 'bandwidth', bandwidth: { resource_id: GI2.id, in_key: 'in', out_key: 'out' } },
    ])
  })

  it('labels objects with label_text and its macros, and lists the pictures the file does not hold', () => {
    expect(Object.values(r.document.items).map((i) => i.label)).toContain('Router A (router-a)')
    expect(r.missing_pictures).toEqual(['wan-background.png', 'wan-cloud.png'])
    expect(r.unmatched).toEqual(['branch'])
  })
})

describe('draw.io import of network diagrams (issue 18)', () => {
  const text = fixture('cisco-routes.drawio')
  const r = drawio(text, lookup)
  const items = Object.values(r.document.items)

  it('keeps as many shapes, edges and labels as the file has', () => {
    const cells = [...text.matchAll(/<mxCell ([^>]*?)\/?>/g)].map(([, attrs]) => attrs)
    const edges = cells.filter((a) => /edge="1"/.test(a))
    const edgeIds = edges.map((a) => /id="([^"]+)"/.exec(a)![1])
    const edgeLabels = cells.filter((a) => /vertex="1"/.test(a) && edgeIds.includes(/parent="([^"]+)"/.exec(a)![1]))
    const vertices = cells.filter((a) => /vertex="1"/.test(a) && !edgeLabels.includes(a))
    const withValue = (a: string) => /value="[^"]+"/.test(a)
    const labelledEdges = edges.filter((a) => withValue(a) || edgeLabels.some((l) => l.includes(`parent="${/id="([^"]+)"/.exec(a)![1]}"`)))
    expect(counted(r)).toEqual({
      items: vertices.length,
      connections: edges.length,
      labels: vertices.filter(withValue).length,
      connectionLabels: labelledEdges.length,
    })
  })

  it('turns html labels into plain text, markup and scripts gone', () => {
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['edge router\nAS 65001', 'alert(1)fw']))
    expect(items.every((i) => !/[<>]/.test(i.label ?? ''))).toBe(true)
  })

  it('maps cisco and networks stencils to Vigil shapes', () => {
    const icon = (label: string) => (items.find((i) => i.label === label) as { icon?: string }).icon
    expect([icon('edge router\nAS 65001'), icon('core-sw'), icon('alert(1)fw'), icon('srv'), icon('wifi')]).toEqual([
      'router',
      'switch',
      'firewall',
      'server',
      'switch',
    ])
  })

  it('keeps a straight edge a connector, and routed edges (right angles, waypoints, attach points) as routed connectors', () => {
    const byLabel = (label: string) => Object.values(r.document.connectors).find((c) => (c.label ?? '') === label)!
    expect(Object.values(r.document.connectors).map((c) => c.label ?? '')).toEqual(['10G', 'uplink', 'backup', ''])
    // Leaves the firewall's right side, turns down into the top of the server.
    expect(byLabel('uplink')).toMatchObject({ route: 'orthogonal', from_anchor: { x: 1, y: 0.5 }, to_anchor: { x: 0.5, y: 0 } })
    expect(byLabel('uplink')).not.toHaveProperty('waypoints')
    // From the switch through both waypoints to the server.
    expect(byLabel('backup')).toMatchObject({
      waypoints: [
        { x: 450, y: 60 },
        { x: 450, y: 280 },
      ],
    })
    expect(byLabel('backup')).not.toHaveProperty('route')
    expect(items.some((i) => i.kind === 'line' && ['uplink', 'backup'].includes(i.label ?? ''))).toBe(false)
  })
})
