/**
 * The SPEC §7 client with files (issue 6 map import and export): a raw body goes out as it is with its
 * content type and the bearer token, a download comes back as a Blob, and a failed download is still read
 * as a SPEC §8 error body. Against a real HTTP server on loopback.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/app/api/api-client'
import { ApiFailure } from '../../../../src/app/api/api-failure'

let server: http.Server
let api: ApiClient
const reported: ApiFailure[] = []
const seen: { contentType?: string; authorization?: string; body: string }[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ contentType: req.headers['content-type'], authorization: req.headers.authorization, body })
      if (req.url?.startsWith('/api/v1/missing')) {
        res.statusCode = 404
        return void res.end(JSON.stringify({ error: { key: 'map_not_found', message: 'x', extra_info: { id: 7 } } }))
      }
      res.setHeader('Content-Type', 'image/svg+xml')
      res.end('<svg xmlns="http://www.w3.org/2000/svg"/>')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`
  api = createApiClient({
    baseUrl,
    getToken: () => 'tok',
    onNoToken: () => undefined,
    onFailure: (f) => void reported.push(f),
    timeoutMs: 2000,
  })
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('API client with files (SPEC §7)', () => {
  it('sends a raw body unchanged, with its content type and the token', async () => {
    const text = '<mxfile>"quoted" & \\ back</mxfile>'
    await api.request('upload', { method: 'POST', raw: { body: text, contentType: 'text/plain; charset=utf-8' }, responseType: 'blob' })
    expect(seen.at(-1)).toEqual({ contentType: 'text/plain; charset=utf-8', authorization: 'Bearer tok', body: text })
  })

  it('hands a download back as a Blob instead of parsing it as JSON', async () => {
    const blob = await api.request<Blob>('file', { responseType: 'blob' })
    expect(blob).toBeInstanceOf(Blob)
    await expect(blob.text()).resolves.toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')
  })

  it('reads a failed download as the SPEC §8 error body and reports it', async () => {
    const before = reported.length
    const error = await api.request('missing', { responseType: 'blob' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiFailure)
    expect((error as ApiFailure).errorBody).toEqual({ key: 'map_not_found', extra_info: { id: 7 } })
    expect(reported.length).toBe(before + 1)
  })
})
