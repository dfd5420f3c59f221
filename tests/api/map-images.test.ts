/**
 * Map pictures (issue 6 backgrounds; SPEC §5 Uploads "jpeg, jpg, png or gif, below 10 MB, minimum 800x600 for
 * pictures", SPEC §8 forbidden_file_extension, invalid_map_background, background_too_big/too_large, SPEC §6
 * maps_write): content sniffed, sizes read from headers, nothing stored when refused, scoped reads.
 */
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, type Tenant } from '../helpers/api'
import { UPLOAD_MAX_BYTES } from '../../src/shared/constants'

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/maps/${name}`, import.meta.url))

describe.each(DATABASES)('map images on %s', (db) => {
  const { server, addTenant } = useApiSuite(db)
  let a: Tenant & { token: string }
  let b: Tenant & { token: string }
  let reader: Tenant & { token: string }

  async function withToken(t: Tenant) {
    return { ...t, token: await tokenOf(server, t) }
  }
  beforeAll(async () => {
    a = await withToken(await addTenant())
    b = await withToken(await addTenant())
    reader = await withToken(await addTenant('service_desk'))
  })

  /** POSTs raw bytes as a browser's upload would. */
  async function upload(
    t: { token: string; environmentId: number },
    body: Uint8Array,
    opts: { type?: string; filename?: string; header?: string; purpose?: string; env?: number } = {},
  ) {
    const q = new URLSearchParams({
      hostgroup_id: String(opts.env ?? t.environmentId),
      ...(opts.purpose ? { purpose: opts.purpose } : {}),
      ...(opts.filename ? { filename: opts.filename } : {}),
    })
    const r = await fetch(`${server.baseUrl}/api/v1/map-images?${q}`, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: {
        authorization: `Bearer ${t.token}`,
        'content-type': opts.type ?? 'application/octet-stream',
        ...(opts.header ? { 'x-filename': opts.header } : {}),
      },
    })
    return { status: r.status, body: (await r.json()) as any }
  }
  const count = async () =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom('map_images')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const get = (t: { token: string }, id: number) =>
    fetch(`${server.baseUrl}/api/v1/map-images/${id}`, { headers: { authorization: `Bearer ${t.token}` } })

  it('stores PNG, JPEG and GIF backgrounds with their real type and size, and serves them back (SPEC §5)', async () => {
    for (const [name, type, mime, width, height] of [
      ['background.png', 'image/png', 'image/png', 800, 600],
      ['background.jpg', 'image/jpeg', 'image/jpeg', 1024, 768],
      ['background.gif', 'application/octet-stream', 'image/gif', 800, 600],
    ] as const) {
      const bytes = fixture(name)
      const r = await upload(a, bytes, { type, header: encodeURIComponent(`Floor plan ${name}`) })
      expect(r.status, name).toBe(201)
      expect(r.body).toEqual({ id: expect.any(Number), hostgroup_id: a.environmentId, mime, width, height, size: bytes.length })
      const back = await get(a, r.body.id)
      expect(back.status).toBe(200)
      expect(back.headers.get('content-type')).toBe(mime)
      expect(back.headers.get('x-content-type-options')).toBe('nosniff')
      expect(back.headers.get('cache-control')).toMatch(/private.*max-age=\d+/)
      expect(back.headers.get('content-disposition')).toBe(`inline; filename="Floor_plan_${name}"`)
      expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).toBe(true)
    }
  })

  it('refuses a text file renamed .png and an SVG with forbidden_file_extension, storing nothing', async () => {
    const before = await count()
    const text = await upload(a, new TextEncoder().encode('I am not a picture'), { type: 'image/png', filename: 'plan.png' })
    expect([text.status, text.body.error.key]).toEqual([400, 'forbidden_file_extension'])
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script></svg>'
    const named = await upload(a, new TextEncoder().encode(svg), { type: 'image/svg+xml', filename: 'plan.svg' })
    expect([named.status, named.body.error.key, named.body.error.extra_info.extension]).toEqual([400, 'forbidden_file_extension', 'svg'])
    const disguised = await upload(a, new TextEncoder().encode(svg), { type: 'image/png', header: 'plan.png' })
    expect([disguised.status, disguised.body.error.key]).toEqual([400, 'forbidden_file_extension'])
    const png = await upload(a, fixture('background.png'), { type: 'image/png', filename: 'plan.bmp' })
    expect([png.status, png.body.error.key]).toEqual([400, 'forbidden_file_extension'])
    expect(await count()).toBe(before)
  })

  it('refuses a background smaller than 800x600 with invalid_map_background naming the minimum; an image item may be small', async () => {
    const small = fixture('small.png')
    const r = await upload(a, small, { type: 'image/png', filename: 'small.png' })
    expect(r.status).toBe(400)
    expect(r.body.error).toMatchObject({
      key: 'invalid_map_background',
      extra_info: { width: 400, height: 300, min_width: 800, min_height: 600 },
    })
    expect((await upload(a, small, { type: 'image/png', filename: 'small.png', purpose: 'image' })).status).toBe(201)
  })

  it('refuses a picture whose header cannot be read with invalid_map_background', async () => {
    const broken = Buffer.concat([fixture('background.png').subarray(0, 8), Buffer.from('garbage, not an IHDR chunk')])
    const r = await upload(a, broken, { type: 'image/png', filename: 'broken.png' })
    expect([r.status, r.body.error.key]).toEqual([400, 'invalid_map_background'])
  })

  it('refuses files over 10 MB: background_too_big, and background_too_large beyond what the server reads (SPEC §9)', async () => {
    const before = await count()
    const over = Buffer.concat([fixture('background.png'), Buffer.alloc(UPLOAD_MAX_BYTES)])
    const big = await upload(a, over, { type: 'image/png', filename: 'big.png' })
    expect(big.status).toBe(400)
    expect(big.body.error).toMatchObject({ key: 'background_too_big', extra_info: { max_bytes: UPLOAD_MAX_BYTES } })
    const huge = await upload(a, Buffer.alloc(UPLOAD_MAX_BYTES + 2 * 1024 * 1024), { type: 'image/png', filename: 'huge.png' })
    expect([huge.status, huge.body.error.key]).toEqual([400, 'background_too_large'])
    expect(await count()).toBe(before)
  })

  it('needs maps_write on the environment (SPEC §6) and a valid query (SPEC §8 missing_required_parameter without hostgroup_id)', async () => {
    const denied = await upload(reader, fixture('background.png'), { type: 'image/png' })
    expect([denied.status, denied.body.error.key]).toEqual([403, 'unauthorized'])
    const missing = await fetch(`${server.baseUrl}/api/v1/map-images`, {
      method: 'POST',
      body: fixture('background.png'),
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'image/png' },
    })
    const body = (await missing.json()) as any
    expect([missing.status, body.error.key, body.error.extra_info.field]).toEqual([
      400,
      'missing_required_parameter',
      'querystring.hostgroup_id',
    ])
  })

  it("another organization's pictures read as not found, and it cannot upload into them", async () => {
    const mine = await upload(a, fixture('background.png'), { type: 'image/png' })
    expect((await get(a, mine.body.id)).status).toBe(200)
    const theirs = await get(b, mine.body.id)
    expect([theirs.status, ((await theirs.json()) as any).error.key]).toEqual([404, 'map_not_found'])
    const into = await upload(b, fixture('background.png'), { type: 'image/png', env: a.environmentId })
    expect([into.status, into.body.error.key]).toEqual([404, 'hostgroup_not_found'])
  })
})
