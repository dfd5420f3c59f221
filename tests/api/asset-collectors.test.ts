/**
 * SPEC §3 asset sections SSL info, external overview and open ports, collected by the engine from real servers on
 * loopback: an https check's certificate and a `ports` scan, each collector's rows its own (two https checks make
 * one SSL info section), and a removed collector taking its sections, and at last the host's asset link, with it.
 */
import https from 'node:https'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, waitFor } from '../helpers/api'
import { listen, selfSignedCertificate, tcpServer, type Listening } from '../fixtures/loopback'

interface Section {
  section: string
  collected_by: string[]
  rows: Record<string, string | number | null>[]
}

describe.each(DATABASES)('asset sections from https checks and port scans on %s', (db) => {
  let web: Listening
  let ssh: Listening
  beforeAll(async () => {
    web = await listen(https.createServer(selfSignedCertificate(30), (_req, res) => res.end('ok')))
    ssh = await tcpServer((socket) => socket.write('SSH-2.0-OpenSSH_9.2p1\r\n'))
  })
  afterAll(async () => {
    await web?.close()
    await ssh?.close()
  })
  const {
    admin,
    tenants: { a },
  } = useApiSuite(db, { env: { VIGIL_ENGINE: '1' }, tenants: { a: 'administrator' } })

  const sections = async (hostId: number): Promise<Section[]> => (await a.api.get(`/api/v1/hosts/${hostId}/assets`)).body.result
  const flag = async (id: number) =>
    (await a.api.get(`/api/v1/hosts/?filter=${encodeURIComponent(JSON.stringify({ id }))}&columns=id,has_asset_data`)).body.result[0]
      .has_asset_data

  it('shows the certificates and open ports the checks found, each collector owning its rows', async () => {
    // A server admin aims the checks at loopback (issue 13: a customer may not).
    const host = (
      await admin.post('/api/v1/hosts/', { name: uniq('web'), hostgroup_id: a.environmentId, ip_address: '127.0.0.1', check_type: '1' })
    ).body
    const add = async (name: string, check: unknown) =>
      (await admin.post('/api/v1/resources/', { host_id: host.id, name, check, check_interval: 86400 })).body.id as number
    const site = await add('HTTPS', { kind: 'https', config: { port: web.port, host_header: 'localhost' } })
    const scan = await add('Open ports', { kind: 'ports', config: { ports: [web.port, ssh.port] } })
    const found = await waitFor(async () => {
      const s = await sections(host.id)
      return s.length === 3 && s
    }, 15_000)
    expect(found.map((s) => [s.section, s.collected_by])).toEqual([
      ['ssl_info', ['HTTPS']],
      ['external_overview', ['Open ports']],
      ['open_ports', ['Open ports']],
    ])
    expect(found[0]!.rows).toEqual([
      expect.objectContaining({ port: web.port, server_name: 'localhost', subject: 'localhost', trust: 'self-signed' }),
    ])
    expect(found[1]!.rows).toEqual([expect.objectContaining({ address: '127.0.0.1', ports_scanned: 2, open_ports: 2 })])
    expect(found[2]!.rows).toEqual(
      expect.arrayContaining([
        { port: web.port, protocol: 'tcp', service: null, banner: null },
        { port: ssh.port, protocol: 'tcp', service: null, banner: 'SSH-2.0-OpenSSH_9.2p1' },
      ]),
    )
    expect(await flag(host.id)).toBe(true)

    // A second https check of the same host adds its certificate to the one SSL info section.
    const other = await add('HTTPS other name', { kind: 'https', config: { port: web.port, host_header: 'www.example.test' } })
    const both = await waitFor(async () => {
      const s = (await sections(host.id)).find((x) => x.section === 'ssl_info')
      return s?.rows.length === 2 && s
    }, 15_000)
    expect(both.collected_by).toEqual(['HTTPS', 'HTTPS other name'])
    expect(both.rows.map((r) => r.server_name)).toEqual(['localhost', 'www.example.test'])

    // Removing a collector removes what it found; with none left the host has no asset data.
    expect((await admin.del(`/api/v1/resources/${scan}`)).status).toBe(204)
    expect((await sections(host.id)).map((s) => s.section)).toEqual(['ssl_info'])
    for (const id of [site, other]) expect((await admin.del(`/api/v1/resources/${id}`)).status).toBe(204)
    expect(await sections(host.id)).toEqual([])
    expect(await flag(host.id)).toBe(false)
  })
})
