/**
 * One HTTP(S) request on a fresh connection, as the kinds that speak HTTP make it (`http`/`https`, `redfish`):
 * Host header and SNI name the checked host while the socket goes to the address the target policy judged
 * (reach.ts), and the check's stop ends it. A failure to connect, a broken response or a stop is already the
 * kind's `LABEL CRITICAL - …` result.
 * No agent: `createConnection` gives each request its own socket (Connection: close, nothing pooled
 * or lingering) without allocating an Agent per check, and one TLS context serves every request.
 */
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import tls from 'node:tls'
import { describeError, failure, stopReason } from './common'
import type { CheckContext, CheckResult } from './types'

export interface FetchRequest {
  /** the checked host: named in the Host header (unless `host_header`) and in SNI */
  host: string
  /** where to connect: `host` itself, or its address judged by the target policy */
  address: string
  port: number
  tls: boolean
  verify_tls: boolean
  method: 'GET' | 'HEAD'
  path: string
  /** Host header (virtual host); it also names the server for SNI */
  host_header?: string
  /** send no server name in the TLS handshake */
  no_sni?: boolean
  /** request headers besides host and user-agent */
  headers: Readonly<Record<string, string>>
  /** characters of body kept (0: none); the rest is only counted */
  keep: number
  /** bytes of body after which the response is cut off (`size` then exceeds it); without it, all is read */
  limit?: number
}

export interface Fetched {
  response: http.IncomingMessage
  /** bytes of body received */
  size: number
  /** the body's first `keep` characters, as UTF-8 */
  body: string
  /** from sending the request to the end of the response */
  seconds: number
}

const USER_AGENT = 'Vigil-check (monitoring-plugins compatible)'
const TLS_FAILURE = /CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS|ERR_SSL/

const netConnect = (options: http.ClientRequestArgs) => net.connect(options as net.NetConnectOpts)
let sharedContext: tls.SecureContext | undefined
const tlsConnect = (options: http.ClientRequestArgs) =>
  tls.connect({ ...(options as tls.ConnectionOptions), secureContext: (sharedContext ??= tls.createSecureContext()) })

const bare = (name: string) => name.replace(/:\d+$/, '').replace(/^\[|\]$/g, '')
const headerHost = (host: string) => (net.isIPv6(host) ? `[${host}]` : host)

/**
 * Sends `request` and reads its response; `onResponse` sees the response first, while its socket (and the
 * server's certificate) is still there. `label` words the failures ("HTTPS CRITICAL - cannot connect to …").
 */
export function fetchOnce(
  request: FetchRequest,
  label: string,
  ctx: CheckContext,
  onResponse?: (response: http.IncomingMessage, serverName: string) => void,
): Promise<Fetched | CheckResult> {
  return new Promise((resolve) => {
    const { host, port } = request
    const where = `${host} port ${port}`
    const defaultPort = port === (request.tls ? 443 : 80)
    const hostHeader = request.host_header ?? (defaultPort ? headerHost(host) : `${headerHost(host)}:${port}`)
    const options: https.RequestOptions & tls.ConnectionOptions & Pick<net.TcpSocketConnectOpts, 'noDelay'> = {
      host: request.address,
      port,
      method: request.method,
      path: request.path,
      noDelay: true,
      createConnection: request.tls ? tlsConnect : netConnect,
      headers: { host: hostHeader, 'user-agent': USER_AGENT, ...request.headers },
    }
    if (request.tls) {
      options.rejectUnauthorized = request.verify_tls
      // SNI names the virtual host, never an address (RFC 6066 §3); empty sends none (`no_sni`).
      const name = bare(hostHeader)
      options.servername = request.no_sni || net.isIP(name) ? '' : name
    }
    const started = performance.now()
    let settled = false
    const req = (request.tls ? https : http).request(options)
    const settle = (result: Fetched | CheckResult) => {
      if (settled) return
      settled = true
      unsubscribe()
      req.destroy()
      resolve(result)
    }
    const unsubscribe = ctx.onStop(() => settle(failure(2, `${label} CRITICAL - ${stopReason(ctx)} waiting for ${where}`)))

    req.on('response', (response) => {
      onResponse?.(response, options.servername || host)
      let size = 0
      let body = ''
      if (request.keep > 0) response.setEncoding('utf8')
      const done = () => settle({ response, size, body, seconds: (performance.now() - started) / 1000 })
      response.on('data', (chunk: string | Buffer) => {
        size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length
        if (body.length < request.keep) body += chunk
        if (request.limit !== undefined && size > request.limit) done()
      })
      response.on('error', (error) => settle(failure(2, `${label} CRITICAL - response from ${where} broke off: ${describeError(error)}`)))
      response.on('end', done)
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      const what = TLS_FAILURE.test(error.code ?? '') ? `TLS handshake with ${where} failed` : `cannot connect to ${where}`
      settle(failure(2, `${label} CRITICAL - ${what}: ${describeError(error)}`))
    })
    req.end()
  })
}
