/**
 * Issue 13 "Importers" (review M3, L13, L15): hostile files cannot hold the event loop, deep XML is SPEC §8
 * invalid_input (it was a 500), and map imports obey the SPEC §9 10 MB upload limit. The event loop is
 * watched by asking GET /version.json every 50 ms while the import runs: a gap above 500 ms means the
 * server stopped answering everyone (it was 25 s for a 1 MB label).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { postFile, tokenOf, type Tenant } from '../helpers/api'
import { UPLOAD_MAX_BYTES } from '../../src/shared/constants'

const drawioWithLabel = (label: string) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="2" value="${label}" style="html=1" vertex="1" parent="1"><mxGeometry x="10" y="10" width="80" height="40" as="geometry"/></mxCell></root></mxGraphModel>`
const openvasWithPort = (port: string) =>
  `<report><name>hostile</name><report><results><result><host>10.0.0.1</host><port>${port}</port><nvt oid="1.3.6.1.4.1.25623.1.0.1"><name>x</name></nvt><threat>High</threat><severity>7.5</severity></result></results></report></report>`
const deep = (open: string, close: string, depth: number, inner: string) =>
  `${open}${'<a>'.repeat(depth)}${inner}${'</a>'.repeat(depth)}${close}`

describe.each(DATABASES)('importers against hostile files on %s', (db) => {
  const { server, addTenant } = useApiSuite(db)
  let t: Tenant & { token: string }

  beforeAll(async () => {
    const tenant = await addTenant()
    t = { ...tenant, token: await tokenOf(server, tenant) }
  })

  const post = (path: string, query: Record<string, string>, body: string) => postFile(server.baseUrl, t.token, path, query, body)
  const importMap = (alias: string, text: string, format = 'drawio') =>
    post('maps/import', { hostgroup_id: String(t.environmentId), format, alias }, text)
  const importScan = (text: string) => post('risks/scans', { hostgroup_id: String(t.environmentId) }, text)

  /** Runs `work` while GET /version.json is asked every 50 ms; the longest wait between answers, in ms. */
  async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; gap: number }> {
    let running = true
    let gap = 0
    const probe = (async () => {
      let last = performance.now()
      while (running) {
        await fetch(`${server.baseUrl}/version.json`)
        const at = performance.now()
        gap = Math.max(gap, at - last)
        last = at
        await new Promise((r) => setTimeout(r, 50))
      }
    })()
    const result = await work()
    running = false
    await probe
    return { result, gap }
  }

  it('imports a draw.io label of 1 MB of &lt; without holding the event loop', async () => {
    const { result, gap } = await longestStall(() => importMap('lt-flood', drawioWithLabel('&lt;'.repeat(262_144))))
    expect(result.status, JSON.stringify(result.body)).toBe(201)
    expect(gap).toBeLessThan(500)
  })

  it('imports an OpenVAS report whose port is 2 M digits without holding the event loop', async () => {
    const { result, gap } = await longestStall(() => importScan(openvasWithPort('1'.repeat(2_000_000))))
    expect(result.status, JSON.stringify(result.body)).toBe(201)
    expect(gap).toBeLessThan(500)
    const risks = await fetch(`${server.baseUrl}/api/v1/risks?hostgroup_id=${t.environmentId}`, {
      headers: { authorization: `Bearer ${t.token}` },
    })
    expect(((await risks.json()) as any).result[0]).toMatchObject({ port: 0 })
  })

  it('refuses XML nested 150 deep with invalid_input, in map imports and scans, and keeps nothing', async () => {
    const before = await server.vigil.store.db
      .selectFrom('maps')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    for (const r of [
      await importMap('deep-xml', deep('<mxGraphModel><root>', '</root></mxGraphModel>', 150, '')),
      await importMap('deep-xml', deep('<mxfile><diagram>', '</diagram></mxfile>', 150, '')),
      await importScan(deep('<report><results>', '</results></report>', 150, '')),
      await importScan(deep('<NessusClientData_v2>', '</NessusClientData_v2>', 150, '')),
    ]) {
      expect(r.status, JSON.stringify(r.body)).toBe(400)
      expect(r.body.error.key).toBe('invalid_input')
      expect(r.body.error.extra_info.field).toBe('body')
    }
    const after = await server.vigil.store.db
      .selectFrom('maps')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('refuses a map import above the 10 MB upload limit with limit_exceeded naming the limit and its maximum', async () => {
    const r = await importMap('too-big', drawioWithLabel('x'.repeat(UPLOAD_MAX_BYTES)))
    expect(r.status).toBe(409)
    expect(r.body.error.key).toBe('limit_exceeded')
    expect(r.body.error.extra_info).toMatchObject({ limit: 'upload_bytes', maximum: UPLOAD_MAX_BYTES })
    expect(r.body.error.message).toContain(String(UPLOAD_MAX_BYTES))
    const scan = await importScan(openvasWithPort('x'.repeat(UPLOAD_MAX_BYTES)))
    expect(scan.body.error).toMatchObject({ key: 'limit_exceeded', extra_info: { limit: 'upload_bytes', maximum: UPLOAD_MAX_BYTES } })
  })
})
