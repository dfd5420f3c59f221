/**
 * Map import and export (issue 6 "Import", export to the Vigil JSON document and SVG): draw.io and NagVis
 * files become draft maps bound to the environment's hosts by name, with an `imported` map event (SPEC §3),
 * SPEC §8 "Unsupported item types for conversion" counts, and the SPEC §5/§6 rules; exports are scoped, and
 * of the published version unless an editor asks for the draft (issue 18).
 */
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { XMLValidator } from 'fast-xml-parser'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { addUser, postFile, tokenOf, type Tenant } from '../helpers/api'
import { mapTheme } from '../../src/shared/maps/draw'
import { MapDocument } from '../../src/shared/maps'
import { MAP } from '../../src/shared/enums'

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/maps/${name}`, import.meta.url), 'utf8')

describe.each(DATABASES)('map import and export on %s', (db) => {
  const { server, addTenant } = useApiSuite(db)
  let a: Tenant & { token: string; envName: string }
  let b: Tenant & { token: string; envName: string }
  let reader: Tenant & { token: string; envName: string }
  const hosts: Record<string, number> = {}
  let disk: number

  async function prepared(t: Tenant) {
    const env = await t.api.get(`/api/v1/hostgroups/${t.environmentId}`)
    return { ...t, token: await tokenOf(server, t), envName: env.body.name as string }
  }
  beforeAll(async () => {
    a = await prepared(await addTenant())
    b = await prepared(await addTenant())
    reader = await prepared(await addTenant('service_desk'))
    for (const name of ['core-router', 'web-01', 'db-01']) {
      hosts[name] = (await a.api.post('/api/v1/hosts/', { name, hostgroup_id: a.environmentId, check_type: '1' })).body.id
    }
    disk = (await a.api.post('/api/v1/resources/', { host_id: hosts['db-01'], name: 'disk /', check_type: '1' })).body.id
  })

  const importFile = (t: { token: string; environmentId: number }, format: string, alias: string, text: string, env = t.environmentId) =>
    postFile(server.baseUrl, t.token, 'maps/import', { hostgroup_id: String(env), format, alias }, text)
  const exportMap = (t: { token: string }, id: number, query: string) =>
    fetch(`${server.baseUrl}/api/v1/maps/${id}/export?${query}`, { headers: { authorization: `Bearer ${t.token}` } })
  const mapCount = async () =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom('maps')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const boundHosts = (doc: MapDocument) =>
    Object.values(doc.items)
      .flatMap((i) => (i.kind === 'host' ? [i.host_id] : []))
      .sort()

  it('imports a draw.io diagram as a draft map bound to the hosts it names, and records an imported event', async () => {
    const r = await importFile(a, 'drawio', 'Network import', fixture('network.drawio'))
    expect(r.status).toBe(201)
    expect(r.body.map).toMatchObject({
      alias: 'Network import',
      name: 'Network import',
      hostgroup_id: a.environmentId,
      status: 'draft',
      generated: false,
    })
    expect(r.body.unmatched).toEqual(['ghost-99'])
    expect(r.body.unsupported).toContainEqual({ type: 'host already on the map', count: 1 })
    const exported = await exportMap(a, r.body.map.id, 'format=json&version=draft')
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="Network_import.json"')
    const doc = MapDocument.parse(await exported.json())
    expect(boundHosts(doc)).toEqual([hosts['core-router'], hosts['web-01']].sort())
    expect(Object.values(doc.items).find((i) => i.kind === 'resource')).toMatchObject({ resource_id: disk, host_id: hosts['db-01'] })
    expect(Object.keys(doc.connectors)).toHaveLength(3)
    const events = await server.vigil.store.db.selectFrom('events').selectAll().where('map_id', '=', r.body.map.id).execute()
    expect(events.map((e) => [e.type, e.status, e.username])).toEqual([['map', 'imported', a.username]])
  })

  it('imports a compressed draw.io file the same way', async () => {
    const r = await importFile(a, 'drawio', 'Compressed import', fixture('network-compressed.drawio'))
    expect(r.status).toBe(201)
    const doc = MapDocument.parse(await (await exportMap(a, r.body.map.id, 'format=json&version=draft')).json())
    expect(boundHosts(doc)).toEqual([hosts['core-router'], hosts['web-01']].sort())
  })

  it('imports a NagVis map: hosts, services, the environment and nested maps matched by name', async () => {
    const branch = await importFile(a, 'nagvis', 'branch-office', 'define textbox {\ntext=Branch\nx=10\ny=10\n}\n')
    expect(branch.status).toBe(201)
    const r = await importFile(
      a,
      'nagvis',
      'Site overview',
      fixture('site.cfg').replace('hostgroup_name=ENV', `hostgroup_name=${a.envName}`),
    )
    expect(r.status).toBe(201)
    // The service drawn as a line names a check the environment lacks (issue 18: lines keep their service).
    expect(r.body.unmatched).toEqual(['core-router/Interface WAN', 'unknown-host'])
    expect(r.body.unsupported).toEqual(expect.arrayContaining([{ type: 'servicegroup', count: 1 }]))
    expect(r.body.missing_pictures).toEqual(['site-background.png', 'wan-cloud.png'])
    const doc = MapDocument.parse(await (await exportMap(a, r.body.map.id, 'format=json&version=draft')).json())
    const kinds = Object.values(doc.items)
    expect(kinds.find((i) => i.kind === 'environment')).toMatchObject({ hostgroup_id: a.environmentId })
    expect(kinds.find((i) => i.kind === 'map')).toMatchObject({ map_id: branch.body.map.id })
    expect(kinds.find((i) => i.kind === 'resource')).toMatchObject({ resource_id: disk })
    expect(boundHosts(doc)).toEqual([hosts['core-router'], hosts['web-01']].sort())
  })

  it('refuses a broken file with invalid_input and creates no map', async () => {
    const before = await mapCount()
    for (const [format, text] of [
      ['drawio', '<mxfile><diagram>'],
      ['nagvis', 'this is not a map'],
      ['drawio', ''],
    ]) {
      const r = await importFile(a, format, 'Broken', text)
      expect([r.status, r.body.error.key], `${format}: ${text}`).toEqual([400, 'invalid_input'])
    }
    const badFormat = await importFile(a, 'visio', 'Broken', fixture('network.drawio'))
    expect([badFormat.status, badFormat.body.error.key, badFormat.body.error.extra_info.field]).toEqual([
      400,
      'validation_failed',
      'querystring.format',
    ])
    expect(await mapCount()).toBe(before)
  })

  it('keeps SPEC §5 name rules: a taken name is map_already_exists, a bad one map_alias_invalid', async () => {
    expect((await importFile(a, 'nagvis', 'Unique name', fixture('site.cfg'))).status).toBe(201)
    const again = await importFile(a, 'nagvis', 'Unique name', fixture('site.cfg'))
    expect([again.status, again.body.error.key]).toEqual([409, 'map_already_exists'])
    const bad = await importFile(a, 'nagvis', 'bad<name>', fixture('site.cfg'))
    expect([bad.status, bad.body.error.key, bad.body.error.extra_info.field]).toEqual([400, 'map_alias_invalid', 'querystring.alias'])
  })

  it('needs maps_write on the environment (SPEC §6); another organization cannot import into it or export its maps', async () => {
    const denied = await importFile(reader, 'nagvis', 'Not mine', fixture('site.cfg'))
    expect([denied.status, denied.body.error.key]).toEqual([403, 'unauthorized'])
    const foreign = await importFile(b, 'nagvis', 'Not mine', fixture('site.cfg'), a.environmentId)
    expect([foreign.status, foreign.body.error.key]).toEqual([404, 'hostgroup_not_found'])
    const mine = await importFile(a, 'nagvis', 'Private map', fixture('site.cfg'))
    const theirs = await exportMap(b, mine.body.map.id, 'format=json')
    expect([theirs.status, ((await theirs.json()) as any).error.key]).toEqual([404, 'map_not_found'])
  })

  it('exports an SVG drawing with the hosts in their live state colours, in the theme asked for', async () => {
    const map = (await importFile(a, 'drawio', 'Drawing', fixture('network.drawio'))).body.map
    await a.api.post('/api/v1/results', { host: 'core-router', exit_status: 2, output: 'PING CRITICAL - down' })
    await a.api.post('/api/v1/results', { host: 'web-01', exit_status: 0, output: 'PING OK' })
    const r = await exportMap(a, map.id, 'format=svg&version=draft')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="Drawing.svg"')
    const svg = await r.text()
    expect(XMLValidator.validate(svg)).toBe(true)
    expect(svg).toContain('<title>Drawing</title>')
    const palette = mapTheme('default').state
    expect(svg).toContain(`fill="${palette[MAP.down]}"`)
    expect(svg).toContain(`fill="${palette[MAP.up]}"`)
    // In the palette of the theme asked for, as a wall in that theme shows it (SPEC §1 themes).
    const dark = await (await exportMap(a, map.id, 'format=svg&version=draft&theme=darkly')).text()
    expect(dark).toContain(`fill="${mapTheme('darkly').state[MAP.down]}"`)
    expect(dark).not.toContain(`fill="${palette[MAP.down]}"`)
  })

  it('exports the published version unless the draft is asked for: an unpublished map has no live version', async () => {
    const map = (await importFile(a, 'nagvis', 'Unpublished', fixture('site.cfg'))).body.map
    for (const format of ['json', 'svg']) {
      const live = await exportMap(a, map.id, `format=${format}`)
      expect([live.status, ((await live.json()) as any).error.key]).toEqual([404, 'map_not_found'])
    }
    const bad = await exportMap(a, map.id, 'format=pdf')
    expect(bad.status).toBe(400)
  })

  it('draws the published version, not a newer draft, and the draft only for those who may edit the map (issue 18)', async () => {
    const map = (await importFile(a, 'drawio', 'Published picture', fixture('network.drawio'))).body.map
    expect((await a.api.post(`/api/v1/maps/${map.id}/lock`)).status).toBe(200)
    expect((await a.api.post(`/api/v1/maps/${map.id}/publish`, { comment: 'first' })).status).toBe(200)
    // A newer draft: one more text item that the wall does not show yet.
    const draft = (await a.api.get(`/api/v1/maps/${map.id}/document?version=draft`)).body.document as MapDocument
    const note = {
      id: 'draft-note',
      kind: 'text',
      x: 10,
      y: 10,
      w: 200,
      h: 24,
      z: 99,
      rotation: 0,
      text: 'Only in the draft',
      font_size: 14,
      align: 'left',
    }
    const put = await a.api.put(`/api/v1/maps/${map.id}/document`, { document: { ...draft, items: { ...draft.items, [note.id]: note } } })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect((await a.api.del(`/api/v1/maps/${map.id}/lock`)).status).toBe(204)

    const viewer = await addUser(server, a, 'service_desk', { environmentId: a.environmentId })
    const viewerToken = { token: await tokenOf(server, viewer) }
    for (const who of [a, viewerToken]) {
      const svg = await (await exportMap(who, map.id, 'format=svg')).text()
      expect(XMLValidator.validate(svg)).toBe(true)
      expect(svg).toContain('data-kind="host"')
      expect(svg).not.toContain('Only in the draft')
      const json = MapDocument.parse(await (await exportMap(who, map.id, 'format=json')).json())
      expect(json.items['draft-note']).toBeUndefined()
    }
    expect(await (await exportMap(a, map.id, 'format=svg&version=draft')).text()).toContain('Only in the draft')
    // Someone who may only look at the map is refused the draft, and is told so.
    const refused = await exportMap(viewerToken, map.id, 'format=svg&version=draft')
    expect([refused.status, ((await refused.json()) as any).error.key]).toEqual([403, 'unauthorized'])
  })
})
