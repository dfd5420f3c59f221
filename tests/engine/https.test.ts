import https from 'node:https'
import type { TLSSocket } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { https as httpsKind } from '../../src/server/engine/checks/https'
import { listen, LOOPBACK, selfSignedCertificate, type Listening } from '../fixtures/loopback'
import type { HttpConfig } from '../../src/server/engine/checks/http-request'

const run = (config: z.input<typeof HttpConfig>) =>
  runCheck(httpsKind, httpsKind.config.parse(config), { timeoutMs: 3000, address: LOOPBACK })

// SPEC §3 agentless check https, check option no_sni; issue 3: certificate expiry, self-signed certificates.
describe('https check', () => {
  let server: Listening
  beforeAll(async () => {
    // A certificate that expires in 10 days, so 30 warning days must warn.
    const { key, cert } = selfSignedCertificate(10)
    server = await listen(
      https.createServer({ key, cert }, (req, res) => {
        const sni = (req.socket as TLSSocket).servername || 'none'
        res.end(`secure hello, sni=${sni}`)
      }),
    )
  })
  afterAll(() => server.close())

  it('is OK over TLS with a self-signed certificate when verification is off (the default)', async () => {
    const result = await run({ port: server.port, content: 'secure hello' })
    expect(result.status).toBe(0)
    expect(result.output).toMatch(/^HTTPS OK: HTTP\/1\.1 200 OK - /)
  })

  it('is CRITICAL for a self-signed certificate when verification is on', async () => {
    const result = await run({ port: server.port, verify_tls: true })
    expect(result.status).toBe(2)
    expect(result.output).toBe(`HTTPS CRITICAL - TLS handshake with ${LOOPBACK} port ${server.port} failed: self-signed certificate`)
  })

  it('warns when the certificate expires within the warning days', async () => {
    const result = await run({ port: server.port, cert_warn_days: 30, cert_crit_days: 5 })
    expect(result.status).toBe(1)
    expect(result.output).toMatch(/^HTTPS WARNING: .* - certificate 'localhost' expires in (9|10) days$/)
  })

  it('is CRITICAL when the certificate expires within the critical days', async () => {
    const result = await run({ port: server.port, cert_warn_days: 60, cert_crit_days: 30 })
    expect(result.status).toBe(2)
  })

  it('is OK when the certificate outlives both limits', async () => {
    expect((await run({ port: server.port, cert_warn_days: 5, cert_crit_days: 2 })).status).toBe(0)
  })

  it('names the virtual host in SNI, and sends none with no_sni', async () => {
    expect((await run({ port: server.port, host_header: 'localhost', content: 'sni=localhost' })).status).toBe(0)
    expect((await run({ port: server.port, host_header: 'localhost', no_sni: true, content: 'sni=none' })).status).toBe(0)
  })

  it('carries the certificate as the host SSL info asset section (SPEC §3)', async () => {
    const result = await run({ port: server.port, host_header: 'localhost' })
    const row = result.inventory?.ssl_info?.[0]
    expect(row).toMatchObject({
      port: server.port,
      server_name: 'localhost',
      subject: 'localhost',
      issuer: 'localhost',
      trust: 'self-signed',
      protocol: 'TLSv1.3',
      key: 'RSA 2048',
    })
    expect(row?.fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
    const days = ((row?.expires_at as number) - Date.now() / 1000) / 86_400
    expect(days).toBeGreaterThan(9)
    expect(days).toBeLessThanOrEqual(10)
    expect(row?.valid_from_at).toBeLessThanOrEqual(Date.now() / 1000)
  })

  it('speaks plain HTTP to the same kind when tls is off', async () => {
    // A TLS server answers a plain request by closing: CRITICAL, not a crash.
    const result = await run({ port: server.port, tls: false })
    expect(result.status).toBe(2)
    expect(result.output).toMatch(/^HTTP CRITICAL - /)
  })
})
