/**
 * `dns`: ask a DNS server for a name's records (SPEC §3 agentless check `dns`), after
 * monitoring-plugins' check_dns: response time, optional expected answers.
 */
import { lookup, Resolver } from 'node:dns/promises'
import net from 'node:net'
import { z } from 'zod'
import { failure, formatSeconds, HostField, PortField, stopReason, timePerf, timeStatus, TimeThresholds } from './common'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckResult } from './types'
import { reach } from './reach'

const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SOA', 'SRV', 'TXT'] as const

export const DnsConfig = z.object({
  /** the name to resolve */
  name: z.string().min(1).max(253),
  record_type: z.enum(RECORD_TYPES).default('A'),
  /** the DNS server asked; defaults to the host's address (the host is the server being watched) */
  server: HostField.optional(),
  port: PortField.default(53),
  /** ask the Vigil server's own resolvers (resolv.conf) instead of `server`: a website's public name (SPEC §3 host types) */
  system_resolver: z.boolean().default(false),
  /** values that must all be among the answers (addresses, or e.g. `10 mx.example.com` for MX) */
  expect: z.array(z.string().min(1)).min(1).optional(),
  ...TimeThresholds,
})
export type DnsConfig = z.infer<typeof DnsConfig>

// c-ares error codes (node:dns) in check_dns's words.
const DNS_ERRORS: Readonly<Record<string, string>> = {
  ENOTFOUND: 'domain not found (NXDOMAIN)',
  ENODATA: 'no such record',
  ESERVFAIL: 'server failure (SERVFAIL)',
  EREFUSED: 'query refused',
  ETIMEOUT: 'no answer',
  ECONNREFUSED: 'connection refused',
  EBADRESP: 'malformed answer',
  EFORMERR: 'server reported a malformed query',
}

/** One record as text, comparable with `expect`. */
function recordText(record: unknown): string {
  if (typeof record === 'string') return record
  if (Array.isArray(record)) return record.join('') // TXT chunks
  const r = record as Record<string, unknown>
  if ('exchange' in r) return `${r.priority} ${r.exchange}`
  if ('weight' in r) return `${r.priority} ${r.weight} ${r.port} ${r.name}`
  if ('nsname' in r) return `${r.nsname} ${r.hostmaster} ${r.serial}`
  return JSON.stringify(record)
}

const canonical = (value: string) => value.toLowerCase().replace(/\.$/, '')

async function serverAddress(server: string): Promise<string> {
  return net.isIP(server) ? server : (await lookup(server)).address
}

async function resolveCheck(config: DnsConfig, ctx: CheckContext): Promise<CheckResult> {
  const server = config.system_resolver ? 'system resolver' : (config.server ?? ctx.address)
  const where = `${server}:${config.port}`
  const what = `${config.name} ${config.record_type}`
  // One try, bounded by the check's own timeout: the engine, not c-ares, decides when to retry.
  const resolver = new Resolver({ timeout: ctx.timeoutMs, tries: 1 })
  const stop = ctx.onStop(() => resolver.cancel())
  const started = performance.now()
  try {
    // The server asked is what this check touches: it is the target judged by the policy. The system's
    // resolvers are the server's own configuration, not a target a tenant chooses.
    if (!config.system_resolver) {
      const target = await reach(server, ctx)
      if (!('address' in target)) return failure(target.status, `DNS ${STATUS_WORD[target.status]} - ${target.output}`)
      const address = await serverAddress(target.address)
      resolver.setServers([net.isIPv6(address) ? `[${address}]:${config.port}` : `${address}:${config.port}`])
    }
    const records = (await resolver.resolve(config.name, config.record_type)) as unknown[]
    const seconds = (performance.now() - started) / 1000
    const answers = records.map(recordText)
    const found = new Set(answers.map(canonical))
    const missing = config.expect?.filter((value) => !found.has(canonical(value))) ?? []
    const perfdata = [timePerf(seconds, config.warn_s, config.crit_s)]
    if (missing.length > 0) {
      return {
        status: 2,
        output: `DNS CRITICAL - expected ${missing.join(', ')} but ${config.name} returns ${answers.join(', ')}`,
        perfdata,
      }
    }
    const status = timeStatus(seconds, config.warn_s, config.crit_s)
    return {
      status,
      output: `DNS ${STATUS_WORD[status]} - ${formatSeconds(seconds)} seconds response time, ${what} returns ${answers.join(', ')}`,
      perfdata,
    }
  } catch (error) {
    if (ctx.signal.aborted) return failure(2, `DNS CRITICAL - ${stopReason(ctx)} asking ${where} for ${what}`)
    const code = (error as NodeJS.ErrnoException).code ?? ''
    const reason = DNS_ERRORS[code] ?? (error instanceof Error ? error.message : String(error))
    return failure(2, `DNS CRITICAL - ${where} for ${what}: ${reason}`)
  } finally {
    stop()
  }
}

export const dns: CheckKind<DnsConfig> = { kind: 'dns', config: DnsConfig, run: resolveCheck }
