/**
 * The HTTP(S) check shared by the `http` and `https` kinds (SPEC §3 agentless checks http/https,
 * host option tags "HTTP status allowances" and `no_sni`), after monitoring-plugins' check_http:
 * one request on a fresh connection, status, content match, response time and certificate expiry. Over TLS the
 * result carries the certificate as the host's SSL info asset section (certificate.ts).
 * No agent: `createConnection` gives each request its own socket (Connection: close, nothing pooled
 * or lingering) without allocating an Agent per check, and one TLS context serves every request.
 */
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import tls from 'node:tls'
import { z } from 'zod'
import { perfItem } from '../../../shared/perfdata'
import {
  describeError,
  failure,
  stopReason,
  timePerf,
  timeStatus,
  worst,
  HostField,
  PortField,
  TemplateField,
  TimeThresholds,
} from './common'
import { STATUS_WORD, type CheckContext, type CheckResult, type ExitStatus } from './types'
import { throughPolicy } from './reach'
import { peerCertificate } from './certificate'

const validRegex = (source: string) => {
  try {
    new RegExp(source)
    return true
  } catch {
    return false
  }
}

export const HttpConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  /** defaults to 443 with `tls`, else 80 */
  port: PortField.optional(),
  tls: z.boolean().default(false),
  method: z.enum(['GET', 'HEAD']).default('GET'),
  path: z.string().startsWith('/').default('/'),
  /** Host header (virtual host); it also names the server for SNI */
  host_header: z.string().min(1).optional(),
  /** exact statuses that are OK; without it 2xx/3xx are OK, 4xx WARNING, 5xx CRITICAL (check_http) */
  expect_status: z.array(z.number().int().min(100).max(599)).min(1).optional(),
  /** SPEC §3 host option tags "HTTP status allowances": these client errors count as OK */
  allow_status: z.array(z.union([z.literal(400), z.literal(401), z.literal(403), z.literal(404)])).default([]),
  /** text the body must contain */
  content: z.string().min(1).optional(),
  /** JavaScript regular expression the body must match */
  content_regex: z.string().min(1).refine(validRegex, 'invalid regular expression').optional(),
  /** a server admin's template supplying the fields above (issue 13 "Targets") */
  template: TemplateField.optional(),
  ...TimeThresholds,
  /** WARNING/CRITICAL when the server certificate expires within this many days */
  cert_warn_days: z.number().int().positive().optional(),
  cert_crit_days: z.number().int().positive().optional(),
  /** SPEC §3 check option `no_sni`: send no server name in the TLS handshake */
  no_sni: z.boolean().default(false),
  /** off by default: monitored devices often serve self-signed certificates */
  verify_tls: z.boolean().default(false),
})
export type HttpConfig = z.infer<typeof HttpConfig>

/** A `content_regex` may backtrack for ever on a body the target chooses (review M2): only in a worker. */
export const regexNeedsWorker = (config: HttpConfig) => config.content_regex !== undefined

const USER_AGENT = 'Vigil-check (monitoring-plugins compatible)'
// Bytes of body kept for a content match; the rest is only counted.
const MAX_BODY = 1024 * 1024
const TLS_FAILURE = /CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS|ERR_SSL/

const netConnect = (options: http.ClientRequestArgs) => net.connect(options as net.NetConnectOpts)
let sharedContext: tls.SecureContext | undefined
const tlsConnect = (options: http.ClientRequestArgs) =>
  tls.connect({ ...(options as tls.ConnectionOptions), secureContext: (sharedContext ??= tls.createSecureContext()) })

const bare = (name: string) => name.replace(/:\d+$/, '').replace(/^\[|\]$/g, '')
const headerHost = (host: string) => (net.isIPv6(host) ? `[${host}]` : host)

function statusVerdict(code: number, config: HttpConfig): ExitStatus {
  if (config.expect_status) return config.expect_status.includes(code) ? 0 : 2
  if (code >= 200 && code < 400) return 0
  if ((config.allow_status as number[]).includes(code)) return 0
  return code >= 400 && code < 500 ? 1 : 2
}

/** Runs one HTTP(S) request; failures are results, never rejections. */
export function httpCheck(config: HttpConfig, ctx: CheckContext): Promise<CheckResult> {
  const host = config.host ?? ctx.address
  return throughPolicy(config.tls ? 'HTTPS' : 'HTTP', host, ctx, (address) => request(config, host, address, ctx))
}

/** The request to `address`, the checked address of `host`; Host header and SNI still name `host`. */
function request(config: HttpConfig, host: string, address: string, ctx: CheckContext): Promise<CheckResult> {
  return new Promise((resolve) => {
    const port = config.port ?? (config.tls ? 443 : 80)
    const label = config.tls ? 'HTTPS' : 'HTTP'
    const where = `${host} port ${port}`
    const wantsBody = (config.content !== undefined || config.content_regex !== undefined) && config.method !== 'HEAD'
    const defaultPort = port === (config.tls ? 443 : 80)
    const hostHeader = config.host_header ?? (defaultPort ? headerHost(host) : `${headerHost(host)}:${port}`)
    const options: https.RequestOptions & tls.ConnectionOptions & Pick<net.TcpSocketConnectOpts, 'noDelay'> = {
      host: address,
      port,
      method: config.method,
      path: config.path,
      noDelay: true,
      createConnection: config.tls ? tlsConnect : netConnect,
      headers: { host: hostHeader, 'user-agent': USER_AGENT, accept: '*/*' },
    }
    if (config.tls) {
      options.rejectUnauthorized = config.verify_tls
      // SNI names the virtual host, never an address (RFC 6066 §3); empty sends none (`no_sni`).
      const name = bare(hostHeader)
      options.servername = config.no_sni || net.isIP(name) ? '' : name
    }
    const started = performance.now()
    let settled = false
    const req = (config.tls ? https : http).request(options)
    const settle = (result: CheckResult) => {
      if (settled) return
      settled = true
      unsubscribe()
      req.destroy()
      resolve(result)
    }
    const unsubscribe = ctx.onStop(() => settle(failure(2, `${label} CRITICAL - ${stopReason(ctx)} waiting for ${where}`)))

    req.on('response', (res) => {
      const cert = config.tls ? peerCertificate(res.socket as tls.TLSSocket, port, options.servername || host) : null
      let size = 0
      let body = ''
      if (wantsBody) res.setEncoding('utf8')
      res.on('data', (chunk: string | Buffer) => {
        size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length
        if (wantsBody && body.length < MAX_BODY) body += chunk
      })
      res.on('error', (error) => settle(failure(2, `${label} CRITICAL - response from ${where} broke off: ${describeError(error)}`)))
      res.on('end', () => {
        const seconds = (performance.now() - started) / 1000
        const code = res.statusCode ?? 0
        let status = statusVerdict(code, config)
        const parts = [`HTTP/${res.httpVersion} ${code} ${res.statusMessage ?? ''}`.trimEnd()]
        if (config.expect_status && status === 2) parts.push(`expected ${config.expect_status.join(' or ')}`)
        if (config.content !== undefined && wantsBody && !body.includes(config.content)) {
          status = 2
          parts.push(`string "${config.content}" not found`)
        }
        if (config.content_regex !== undefined && wantsBody && !new RegExp(config.content_regex).test(body)) {
          status = 2
          parts.push(`pattern /${config.content_regex}/ not found`)
        }
        status = worst(status, timeStatus(seconds, config.warn_s, config.crit_s))
        parts.push(`${size} bytes in ${seconds.toFixed(3)} second response time`)
        if (cert && (config.cert_warn_days !== undefined || config.cert_crit_days !== undefined)) {
          const { days, subject } = cert
          const name = subject ? `certificate '${subject}'` : 'certificate'
          if (days < 0 || (config.cert_crit_days !== undefined && days < config.cert_crit_days)) status = 2
          else if (config.cert_warn_days !== undefined && days < config.cert_warn_days) status = worst(status, 1)
          parts.push(days < 0 ? `${name} expired ${-days} days ago` : `${name} expires in ${days} days`)
        }
        settle({
          status,
          output: `${label} ${STATUS_WORD[status]}: ${parts.join(' - ')}`,
          perfdata: [timePerf(seconds, config.warn_s, config.crit_s), perfItem('size', size, 'B', { min: 0 })],
          ...(cert ? { inventory: { ssl_info: [cert.row] } } : {}),
        })
      })
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      const what = TLS_FAILURE.test(error.code ?? '') ? `TLS handshake with ${where} failed` : `cannot connect to ${where}`
      settle(failure(2, `${label} CRITICAL - ${what}: ${describeError(error)}`))
    })
    req.end()
  })
}
