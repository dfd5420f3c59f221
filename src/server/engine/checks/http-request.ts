/**
 * The HTTP(S) check shared by the `http` and `https` kinds (SPEC §3 agentless checks http/https,
 * host option tags "HTTP status allowances" and `no_sni`), after monitoring-plugins' check_http:
 * one request on a fresh connection (http-fetch.ts), status, content match, response time and certificate expiry.
 * Over TLS the result carries the certificate as the host's SSL info asset section (certificate.ts).
 */
import type tls from 'node:tls'
import { z } from 'zod'
import { perfItem } from '../../../shared/perfdata'
import { timePerf, timeStatus, worst, HostField, PortField, TemplateField, TimeThresholds } from './common'
import { STATUS_WORD, type CheckContext, type CheckResult, type ExitStatus } from './types'
import { throughPolicy } from './reach'
import { peerCertificate, type PeerCertificate } from './certificate'
import { fetchOnce, type Fetched } from './http-fetch'

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

// Characters of body kept for a content match; the rest is only counted.
const MAX_BODY = 1024 * 1024
const ACCEPT_ANY = { accept: '*/*' }

function statusVerdict(code: number, config: HttpConfig): ExitStatus {
  if (config.expect_status) return config.expect_status.includes(code) ? 0 : 2
  if (code >= 200 && code < 400) return 0
  if ((config.allow_status as number[]).includes(code)) return 0
  return code >= 400 && code < 500 ? 1 : 2
}

/** Runs one HTTP(S) request; failures are results, never rejections. */
export function httpCheck(config: HttpConfig, ctx: CheckContext): Promise<CheckResult> {
  const host = config.host ?? ctx.address
  const label = config.tls ? 'HTTPS' : 'HTTP'
  const port = config.port ?? (config.tls ? 443 : 80)
  const wantsBody = (config.content !== undefined || config.content_regex !== undefined) && config.method !== 'HEAD'
  return throughPolicy(label, host, ctx, (address) => {
    let cert: PeerCertificate | null = null
    const request = { ...config, host, address, port, headers: ACCEPT_ANY, keep: wantsBody ? MAX_BODY : 0 }
    return fetchOnce(request, label, ctx, (response, serverName) => {
      if (config.tls) cert = peerCertificate(response.socket as tls.TLSSocket, port, serverName)
    }).then((fetched) => ('output' in fetched ? fetched : verdict(config, label, fetched, wantsBody, cert)))
  })
}

/** check_http's judgement of a response: status, content, response time and certificate expiry. */
function verdict(config: HttpConfig, label: string, fetched: Fetched, wantsBody: boolean, cert: PeerCertificate | null): CheckResult {
  const { response, size, body, seconds } = fetched
  const code = response.statusCode ?? 0
  let status = statusVerdict(code, config)
  const parts = [`HTTP/${response.httpVersion} ${code} ${response.statusMessage ?? ''}`.trimEnd()]
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
  return {
    status,
    output: `${label} ${STATUS_WORD[status]}: ${parts.join(' - ')}`,
    perfdata: [timePerf(seconds, config.warn_s, config.crit_s), perfItem('size', size, 'B', { min: 0 })],
    ...(cert ? { inventory: { ssl_info: [cert.row] } } : {}),
  }
}
