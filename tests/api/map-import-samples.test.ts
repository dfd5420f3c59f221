/**
 * Issue 18 "Import fidelity": each real-world sample (tests/fixtures/maps/samples, copies of ../shared/samples:
 * containerlab, draw.io's network template, N2G exports, the NagVis demo maps) imports to a map a person would put
 * on a wall. The expected figures were counted by hand from each file (its first page's vertices, edges and
 * labels; NagVis `define` blocks), never from the importer: every source object is on the map or counted as
 * unsupported, and every label it shows can be read on the map.
 */
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { postFile, tokenOf, type Tenant } from '../helpers/api'
import { MapDocument } from '../../src/shared/maps'

const sample = (name: string) => fs.readFileSync(new URL(`../fixtures/maps/samples/${name}`, import.meta.url), 'utf8')

interface Expected {
  items: number
  connectors: number
  /** Texts the source shows (vertex labels, NagVis label_text and textboxes), each readable on an item. */
  texts: string[]
  /** Texts shown on links, each readable on a connector (or on the line a second link between two items becomes). */
  linkTexts?: string[]
  /** Item icons the source's stencils and pictures stand for. */
  icons?: Record<string, number>
  unsupported?: { type: string; count: number }[]
}

const DRAWIO: Record<string, Expected> = {
  // Five containerlab nodes, four links, and the eight interface names drawn as small boxes at the links' ends.
  'clab_clos01.clab.drawio': {
    items: 13,
    connectors: 4,
    texts: ['leaf1', 'leaf2', 'spine', 'client1', 'client2', 'e1-1', 'e1-1', 'e1-1', 'e1-2', 'e1-2', 'e1-2', 'eth1', 'eth1'],
  },
  // draw.io's "network LAN" template (a compressed page): four campus wings, 28 workstations, switches, routers, a
  // firewall, a server, storage and two clouds, joined by 34 links, some of them with right angles and waypoints.
  'drawio_template_network_lan.xml': {
    items: 43,
    connectors: 34,
    texts: ['Campus wing A', 'Campus wing B', 'Campus wing C', 'Campus wing D', 'Internet', 'Campus 2'],
    icons: { workstation: 28, switch: 4, router: 2, cloud: 2, firewall: 1, server: 1, storage: 1, rounded: 4 },
  },
  'n2g_test_load.drawio': {
    items: 5,
    connectors: 5,
    texts: ['node-1', 'node-2', 'node-3', 'node-4', 'node-55'],
    linkTexts: ['bla1', 'bla2', 'bla3', 'bla4'],
  },
  // Two nodes joined twice: the second link becomes a line along its route. The second page is counted.
  'n2g_test_load_no_object_tags.drawio': {
    items: 3,
    connectors: 1,
    texts: ['Node-111', 'Node-222'],
    linkTexts: ['Link-111', 'Link-222'],
    unsupported: [{ type: 'page', count: 1 }],
  },
}

const NAGVIS: Record<string, Expected> = {
  // A textbox, two hostgroups and a map (cities), three shapes and three weathermap lines between the clouds and
  // the cities: the lines join items, so they are connectors. The hostgroups, map and services are not in Vigil.
  'demo-germany.cfg': {
    items: 7,
    connectors: 3,
    texts: ['Overview Germany', 'Munich', 'Cologne', 'Hamburg'],
    linkTexts: ['cgn-gw1 Interface WAN', 'ham-gw1 Interface WAN', 'muc-gw1 Interface WAN'],
  },
  // A textbox, three host services and three gadgets, a shape; the servicegroup has no Vigil kind.
  'demo-load.cfg': {
    items: 8,
    connectors: 0,
    texts: ['Overview System Load'],
    unsupported: [{ type: 'servicegroup', count: 1 }],
  },
  // Seven pictures, a host and a service; the textbox is only the [refresh_counter] macro.
  'demo-server_nagvis1.5.cfg': {
    items: 9,
    connectors: 0,
    texts: ['localhost'],
    unsupported: [{ type: 'textbox [refresh_counter]', count: 1 }],
  },
  // The world map draws objects placed by the backend on map tiles: nothing of it is in the file.
  'demo-worldmap.cfg': { items: 0, connectors: 0, texts: [], unsupported: [{ type: 'sources=worldmap', count: 1 }] },
}

describe.each(DATABASES)('real-world map samples on %s', (db) => {
  const { server, addTenant } = useApiSuite(db)
  let t: Tenant & { token: string }
  beforeAll(async () => {
    const tenant = await addTenant()
    t = { ...tenant, token: await tokenOf(server, tenant) }
  })

  async function importSample(name: string, text = sample(name)) {
    const q = {
      hostgroup_id: String(t.environmentId),
      format: name.endsWith('.cfg') ? 'nagvis' : 'drawio',
      alias: `${name.replace(/[^\w-]+/g, '-')}-${Math.random().toString(36).slice(2, 6)}`,
    }
    const r = await postFile(server.baseUrl, t.token, 'maps/import', q, text)
    const body = r.body as { map: { id: number; generated: boolean }; unsupported: { type: string; count: number }[] }
    expect(r.status, JSON.stringify(body)).toBe(201)
    const doc = MapDocument.parse((await t.api.get(`/api/v1/maps/${body.map.id}/document?version=draft`)).body.document)
    return { ...body, doc }
  }

  const readable = (doc: MapDocument) =>
    Object.values(doc.items)
      .flatMap((i) => [i.label, 'text' in i ? i.text : undefined])
      .filter((s): s is string => !!s)

  it.each(Object.entries({ ...DRAWIO, ...NAGVIS }))('imports %s with every object and label', async (name, expected) => {
    const { doc, unsupported } = await importSample(name)
    const items = Object.values(doc.items)
    expect(items).toHaveLength(expected.items)
    expect(Object.keys(doc.connectors)).toHaveLength(expected.connectors)
    expect(unsupported).toEqual(expected.unsupported ?? [])
    expect(readable(doc)).toEqual(expect.arrayContaining(expected.texts))
    // Each label once per object that shows it, not lost nor doubled.
    for (const text of new Set(expected.texts))
      expect(readable(doc).filter((s) => s === text)).toHaveLength(expected.texts.filter((s) => s === text).length)
    const onLinks = [
      ...Object.values(doc.connectors).map((c) => c.label ?? ''),
      ...items.filter((i) => i.kind === 'line').map((i) => i.label ?? ''),
    ]
    for (const text of expected.linkTexts ?? [])
      expect(
        onLinks.some((l) => l.includes(text)),
        `${text} in ${onLinks.join(' | ')}`,
      ).toBe(true)
    if (expected.icons) {
      const icons: Record<string, number> = {}
      for (const i of items) if (i.kind === 'shape') icons[i.icon] = (icons[i.icon] ?? 0) + 1
      expect(icons).toEqual(expected.icons)
    }
    // A wall shows the whole drawing: every item lies within the map's resolution.
    for (const i of items) {
      expect(i.x).toBeGreaterThanOrEqual(0)
      expect(i.y).toBeGreaterThanOrEqual(0)
      expect(i.x + i.w).toBeLessThanOrEqual(doc.resolution.width)
      expect(i.y + i.h).toBeLessThanOrEqual(doc.resolution.height)
    }
  })

  it('keeps the right angles and waypoints of the network template’s links', async () => {
    const { doc } = await importSample('drawio_template_network_lan.xml')
    const routed = Object.values(doc.connectors).filter((c) => c.route === 'orthogonal')
    expect(routed.length).toBeGreaterThan(0)
    expect(Object.values(doc.connectors).some((c) => (c.waypoints?.length ?? 0) > 0)).toBe(true)
  })

  it('generates the NagVis automap from the environment’s hosts and parents, and from its root host when it names one', async () => {
    const add = async (name: string, parents: string[] = []) => {
      const r = await t.api.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, check_type: '1', parents })
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      return r.body.id as number
    }
    const core = await add('auto-core')
    const sw = await add('auto-sw-1', ['auto-core'])
    await add('auto-sw-2', ['auto-core'])
    const srv = await add('auto-srv-1', ['auto-sw-1'])

    const whole = await importSample('demo-automap.cfg')
    expect(whole.map.generated).toBe(true)
    expect(whole.unsupported).toEqual([])
    const hostsOn = (doc: MapDocument) => Object.values(doc.items).flatMap((i) => (i.kind === 'host' ? [i.host_id] : []))
    expect(hostsOn(whole.doc)).toHaveLength(4)
    expect(hostsOn(whole.doc)).toContain(core)
    // Parent → child, as NagVis draws its automap.
    expect(Object.keys(whole.doc.connectors)).toHaveLength(3)

    const rooted = await importSample(
      'demo-automap.cfg',
      sample('demo-automap.cfg').replace('sources=automap', 'sources=automap\n    root=auto-sw-1'),
    )
    expect(hostsOn(rooted.doc).sort()).toEqual([sw, srv].sort())
    const events = await server.vigil.store.db.selectFrom('events').select('status').where('map_id', '=', rooted.map.id).execute()
    expect(events.map((e) => e.status)).toEqual(['imported'])
  })
})
