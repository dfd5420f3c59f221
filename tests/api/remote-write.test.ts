/**
 * Issue 20 remote write when the receiver misbehaves (a real HTTP server on loopback that answers what the test
 * says): 5xx and refused connections are tried again with back-off, a 4xx is final, a full queue drops the oldest
 * samples, and Vigil's engine goes on writing results while no receiver answers at all.
 */
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { uncompressSync } from 'snappy'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'
import { closedPort, listen, type Listening } from '../fixtures/loopback'
import { createRemoteWriter } from '../../src/server/integrations/prometheus/remote-writer'
import { WriteRequest, type Sample } from '../../src/server/integrations/prometheus/remote-write'

interface Received {
  headers: http.IncomingHttpHeaders
  timeseries: { labels: { name: string; value: string }[]; samples: { value: number; timestamp: number }[] }[]
}

const silent = { error: () => {}, warn: () => {} }
const sample = (value: number, t = 1_700_000_000_000): Sample => ({
  name: 'vigil_perfdata_load1',
  labels: { organization: 'Org "A"', environment: 'Prod', host: 'web-1', resource: '' },
  value,
  timestampMs: t + value,
})

describe('remote write to a receiver that fails', () => {
  let receiver: Listening
  const received: Received[] = []
  /** statuses the next requests get, then 204 */
  const answers: number[] = []

  beforeAll(async () => {
    receiver = await listen(
      http.createServer((req, res) => {
        const chunks: Buffer[] = []
        req.on('data', (c: Buffer) => chunks.push(c))
        req.on('end', () => {
          const status = answers.shift() ?? 204
          const decoded = WriteRequest.toObject(WriteRequest.decode(uncompressSync(Buffer.concat(chunks)) as Buffer), { longs: Number })
          received.push({ headers: req.headers, timeseries: decoded.timeseries })
          res.writeHead(status).end(status === 400 ? 'out of order sample' : '')
        })
      }),
    )
  })
  afterAll(() => receiver.close())
  const url = () => `http://127.0.0.1:${receiver.port}/api/v1/write`

  it('tries a 503 again after a back-off and delivers the batch whole, with the 1.0 headers and basic auth', async () => {
    received.length = 0
    answers.push(503, 503)
    const writer = createRemoteWriter({
      config: { url: url(), auth: { kind: 'basic', username: 'vigil', password: 's3cret' } },
      log: silent,
      flushMs: 10,
      backoffMinMs: 50,
    })
    writer.push([sample(2), sample(1)])
    await vi.waitFor(() => expect(writer.stats().sent).toBe(2), { timeout: 5000, interval: 20 })
    expect(received).toHaveLength(3)
    expect(writer.stats()).toMatchObject({ failedAttempts: 2, refused: 0, dropped: 0, queued: 0 })
    const last = received[2]
    expect(last.headers).toMatchObject({
      'content-type': 'application/x-protobuf',
      'content-encoding': 'snappy',
      'x-prometheus-remote-write-version': '0.1.0',
      authorization: `Basic ${Buffer.from('vigil:s3cret').toString('base64')}`,
    })
    // One series, labels sorted with __name__ first and the empty resource left out, samples oldest first.
    expect(last.timeseries).toEqual([
      {
        labels: [
          { name: '__name__', value: 'vigil_perfdata_load1' },
          { name: 'environment', value: 'Prod' },
          { name: 'host', value: 'web-1' },
          { name: 'organization', value: 'Org "A"' },
        ],
        samples: [
          { value: 1, timestamp: 1_700_000_000_001 },
          { value: 2, timestamp: 1_700_000_000_002 },
        ],
      },
    ])
    await writer.stop()
  })

  it('drops a batch the receiver refuses with a 4xx without trying it again, and sends the next', async () => {
    received.length = 0
    answers.push(400)
    const writer = createRemoteWriter({ config: { url: url(), auth: { kind: 'bearer', token: 't0ken' } }, log: silent, flushMs: 10 })
    writer.push([sample(1)])
    await vi.waitFor(() => expect(writer.stats().refused).toBe(1), { timeout: 5000, interval: 20 })
    writer.push([sample(3)])
    await vi.waitFor(() => expect(writer.stats().sent).toBe(1), { timeout: 5000, interval: 20 })
    expect(received).toHaveLength(2)
    expect(received[1].headers.authorization).toBe('Bearer t0ken')
    expect(received[1].timeseries[0].samples).toEqual([{ value: 3, timestamp: 1_700_000_000_003 }])
    await writer.stop()
  })

  it('keeps the newest samples while nothing answers, and stops within its drain time', async () => {
    const errors: unknown[] = []
    const writer = createRemoteWriter({
      config: { url: `http://127.0.0.1:${await closedPort()}/api/v1/write`, auth: undefined },
      log: { error: (o) => errors.push(o), warn: () => {} },
      flushMs: 10,
      batchMax: 2,
      queueMax: 3,
      backoffMinMs: 20,
      drainMs: 300,
    })
    writer.push([sample(1), sample(2)])
    await vi.waitFor(() => expect(writer.stats().failedAttempts).toBeGreaterThan(2), { timeout: 5000, interval: 20 })
    // The first batch is being tried again; of the 4 later samples the queue keeps the 3 newest.
    writer.push([3, 4, 5, 6].map((v) => sample(v)))
    expect(writer.stats()).toMatchObject({ sent: 0, dropped: 1, queued: 3 })
    // One log line for the outage, not one per try.
    expect(errors).toHaveLength(1)
    const started = Date.now()
    await writer.stop()
    expect(Date.now() - started).toBeLessThan(1500)
  })
})

describe.each(DATABASES)('results with an unreachable remote-write receiver on %s', (db) => {
  // A receiver that resets every connection: down, and holding its port, which a closed port's number was not
  // (another test's server once took it and answered 404, a final refusal rather than a failed attempt).
  let down: Listening
  let port: number
  beforeAll(async () => {
    down = await listen(net.createServer((socket) => socket.resetAndDestroy()))
    port = down.port
  })
  afterAll(() => down.close())
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' }, env: () => ({ VIGIL_REMOTE_WRITE_URL: `http://127.0.0.1:${port}/api/v1/write` }) })

  it('still writes every result and its state: the receiver being down costs the engine nothing', async () => {
    const host = uniq('rw-host')
    expect((await t.api.post('/api/v1/hosts/', { name: host, hostgroup_id: t.environmentId, check_type: '1' })).status).toBe(201)
    for (const status of [0, 2, 0, 2]) {
      const r = await t.api.post('/api/v1/results', { host, exit_status: status, output: `ping ${status}`, perfdata: `rta=${status}ms` })
      expect(r.status).toBe(200)
    }
    expect((await t.api.get(`/api/v1/hosts/${encodeURIComponent(host)}`)).body).toMatchObject({ state: 'down', plugin_output: 'ping 2' })
    await vi.waitFor(() => expect(server.vigil.remoteWriter!.stats().failedAttempts).toBeGreaterThan(0), { timeout: 5000 })
    expect(server.vigil.remoteWriter!.stats().sent).toBe(0)
  })
})
