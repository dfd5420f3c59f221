/**
 * `ports`: which TCP ports of a host accept a connection, as a scanner outside it sees them (SPEC §3 asset
 * sections "open ports" and "external overview"). The host is resolved and judged against its organization's
 * targets once (reach.ts); then each port gets one connection attempt, at most `PARALLEL` at once, and an open
 * port is given a moment to greet (SSH, SMTP, FTP name themselves). Ports that may be open (`allowed`) and must be
 * open (`required`) make it a check: another open port is WARNING, a required one closed CRITICAL.
 */
import net from 'node:net'
import { Resolver } from 'node:dns/promises'
import { z } from 'zod'
import { perfItem } from '../../../shared/perfdata'
import type { AssetRow } from '../../../shared/asset-sections'
import { failure, firstLine, stopReason, worst, HostField, PortField } from './common'
import { reach } from './reach'
import { reverseName } from '../reverse-dns'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckResult, type ExitStatus } from './types'

/** The services a scan tries by default, by IANA service name: what an MSP wants to know is reachable. */
export const COMMON_PORTS: Readonly<Record<number, string>> = {
  21: 'ftp',
  22: 'ssh',
  23: 'telnet',
  25: 'smtp',
  53: 'domain',
  80: 'http',
  110: 'pop3',
  111: 'sunrpc',
  135: 'msrpc',
  139: 'netbios-ssn',
  143: 'imap',
  389: 'ldap',
  443: 'https',
  445: 'microsoft-ds',
  465: 'submissions',
  587: 'submission',
  636: 'ldaps',
  993: 'imaps',
  995: 'pop3s',
  1433: 'ms-sql-s',
  1521: 'oracle',
  2049: 'nfs',
  3306: 'mysql',
  3389: 'ms-wbt-server',
  5432: 'postgresql',
  5900: 'vnc',
  5985: 'wsman',
  5986: 'wsmans',
  6379: 'redis',
  6443: 'kubernetes',
  6556: 'checkmk-agent',
  8080: 'http-alt',
  8443: 'https-alt',
  9100: 'jetdirect',
  9200: 'elasticsearch',
  11211: 'memcache',
  27017: 'mongodb',
}
const DEFAULT_PORTS = Object.keys(COMMON_PORTS).map(Number)
/** A scan is one host's ports, never a sweep: at most this many per run. */
export const MAX_SCANNED_PORTS = 1024
/** Connection attempts at once: a filtered port costs a whole attempt time, so they overlap. */
const PARALLEL = 32
/** How long an open port may take to greet before it is recorded without a banner. */
const BANNER_MS = 500

const PortList = z.array(PortField).max(MAX_SCANNED_PORTS)

export const PortsConfig = z
  .object({
    /** defaults to the host's address */
    host: HostField.optional(),
    /** the ports to try; defaults to the common services above */
    ports: PortList.min(1).optional(),
    /** the ports that may be open: another open port is WARNING; unset, any may */
    allowed: PortList.optional(),
    /** the ports that must be open: one closed or silent is CRITICAL */
    required: PortList.optional(),
    /** a scan of many filtered ports takes a while */
    timeout_s: z.number().int().min(1).max(120).optional(),
  })
  .refine((c) => scannedPorts(c).length <= MAX_SCANNED_PORTS, {
    message: `at most ${MAX_SCANNED_PORTS} ports, those listed and those required together`,
    path: ['ports'],
  })
export type PortsConfig = z.infer<typeof PortsConfig>

/** The ports a run tries, in order: those listed (or the common ones) and those required. */
function scannedPorts(config: { ports?: number[]; required?: number[] }): number[] {
  return [...new Set([...(config.ports ?? DEFAULT_PORTS), ...(config.required ?? [])])].sort((a, b) => a - b)
}

type Answer = { open: true; banner: string } | { open: false }

const serviceOf = (port: number) => COMMON_PORTS[port] ?? ''
const named = (port: number) => (serviceOf(port) ? `${port} (${serviceOf(port)})` : String(port))

/** One connection attempt: open (with what it said first), or refused, unreachable or silent until `waitMs`. */
function tryPort(address: string, port: number, waitMs: number, sockets: Set<net.Socket>): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port })
    sockets.add(socket)
    let opened = false
    let banner = ''
    const done = (answer: Answer) => {
      clearTimeout(timer)
      sockets.delete(socket)
      socket.destroy()
      resolve(answer)
    }
    let timer = setTimeout(() => done({ open: false }), waitMs)
    socket.once('connect', () => {
      opened = true
      clearTimeout(timer)
      timer = setTimeout(() => done({ open: true, banner }), BANNER_MS)
    })
    socket.on('data', (chunk: Buffer) => {
      banner += chunk.toString('latin1')
      if (/\r|\n/.test(banner) || banner.length > 1024) done({ open: true, banner })
    })
    socket.once('error', () => done(opened ? { open: true, banner } : { open: false }))
    socket.once('close', () => done(opened ? { open: true, banner } : { open: false }))
  })
}

/** The address's reverse DNS name, '' when it has none or the answer takes too long. */
async function reverseOf(address: string, ctx: CheckContext): Promise<string> {
  if (!net.isIP(address)) return ''
  const resolver = new Resolver({ timeout: Math.min(1500, ctx.timeoutMs / 4), tries: 1 })
  const forget = ctx.onStop(() => resolver.cancel())
  return reverseName(resolver, address).finally(forget)
}

async function scan(config: PortsConfig, ctx: CheckContext): Promise<CheckResult> {
  const host = config.host ?? ctx.address
  const reached = await reach(host, ctx)
  if (!('address' in reached)) return failure(reached.status, `PORTS ${STATUS_WORD[reached.status]} - ${reached.output}`)
  const { address } = reached
  const ports = scannedPorts(config)
  // Each attempt may take a quarter of the run, so a scan of filtered ports still ends within the timeout.
  const waitMs = Math.max(300, Math.min(2000, Math.floor((ctx.timeoutMs - BANNER_MS) / (4 * Math.ceil(ports.length / PARALLEL)))))
  const sockets = new Set<net.Socket>()
  let stopped = false
  const forget = ctx.onStop(() => {
    stopped = true
    for (const s of sockets) s.destroy()
  })
  const answers = new Map<number, Answer>()
  let next = 0
  const worker = async () => {
    while (!stopped && next < ports.length) {
      const port = ports[next++]!
      answers.set(port, await tryPort(address, port, waitMs, sockets))
    }
  }
  const [reverse] = await Promise.all([reverseOf(address, ctx), ...Array.from({ length: Math.min(PARALLEL, ports.length) }, worker)])
  forget()
  if (stopped) return failure(2, `PORTS CRITICAL - ${stopReason(ctx)} after ${answers.size} of ${ports.length} ports of ${host}`)
  return verdict(config, host, address, reverse, ports, answers)
}

function verdict(
  config: PortsConfig,
  host: string,
  address: string,
  reverse: string,
  ports: number[],
  answers: Map<number, Answer>,
): CheckResult {
  const open = ports.filter((p) => answers.get(p)?.open)
  const allowed = config.allowed && new Set(config.allowed)
  const unexpected = allowed ? open.filter((p) => !allowed.has(p)) : []
  const missing = (config.required ?? []).filter((p) => !answers.get(p)?.open)
  let status: ExitStatus = unexpected.length ? 1 : 0
  if (missing.length) status = worst(status, 2)
  const parts = [`${open.length} of ${ports.length} ports of ${host} open${open.length ? `: ${open.map(named).join(', ')}` : ''}`]
  if (missing.length) parts.push(`closed though required: ${missing.map(named).join(', ')}`)
  if (unexpected.length) parts.push(`open though not allowed: ${unexpected.map(named).join(', ')}`)
  const rows: AssetRow[] = open.map((port) => {
    const answer = answers.get(port) as { banner: string }
    return { port, protocol: 'tcp', service: serviceOf(port) || null, banner: firstLine(answer.banner) || null }
  })
  return {
    status,
    output: `PORTS ${STATUS_WORD[status]} - ${parts.join(' - ')}`,
    long_output: rows.map((r) => `${named(r.port as number)}${r.banner ? `: ${r.banner}` : ''}`).join('\n') || undefined,
    perfdata: [perfItem('open', open.length, '', { min: 0, max: ports.length })],
    inventory: {
      open_ports: rows,
      external_overview: [
        {
          address,
          reverse_dns: reverse || null,
          ports_scanned: ports.length,
          open_ports: open.length,
          services: open.map((p) => serviceOf(p) || String(p)).join(', ') || null,
        },
      ],
    },
  }
}

export const ports: CheckKind<PortsConfig> = { kind: 'ports', config: PortsConfig, run: scan }
