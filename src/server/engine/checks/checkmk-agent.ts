/**
 * `checkmk-agent`: reads a Checkmk agent (SPEC §3 access method check_mk) the way a Checkmk site pulls it — connect
 * to TCP 6556 and read until the agent closes — and judges what it says (checkmk-health.ts), or, with `inventory`,
 * hands the engine the host's asset sections (checkmk-inventory.ts), which replace the stored ones.
 *
 * The agent must answer in plain text (Checkmk's legacy pull mode, or an agent without the agent controller). An
 * agent registered to a Checkmk site speaks TLS with that site's certificates only, and an agent with legacy
 * encryption sends ciphertext: both are named as such (UNKNOWN), since Vigil cannot read them.
 */
import net from 'node:net'
import { z } from 'zod'
import { MEMORY_UNITS } from '../../../shared/api/thresholds'
import { describeError, failure, HostField, PortField, stopReason, worstState } from './common'
import { CHECKMK_PARTS, DEFAULT_PARTS, filesystemsOf, judgeAgentOutput, type CheckmkPart, type Limits } from './checkmk-health'
import { checkmkInventory, checkmkPackages } from './checkmk-inventory'
import { discoverServices } from './checkmk-discovery'
import { localChecksOf } from './checkmk-local'
import { parseAgentOutput } from './checkmk-output'
import { throughPolicy } from './reach'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckMemo, type CheckResult } from './types'

const Limit = z.number().min(0).max(1e9)

export const CheckmkAgentConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  port: PortField.default(6556),
  /** what the result judges; all the agent reports by default */
  parts: z.array(z.enum(CHECKMK_PARTS)).min(1).optional(),
  /** of the filesystems and local checks, only these (mount points, names): a resource per filesystem or local check */
  mounts: z.array(z.string().min(1).max(1024)).min(1).max(100).optional(),
  local_checks: z.array(z.string().min(1).max(255)).min(1).max(100).optional(),
  load_warn_per_core: Limit.default(5),
  load_crit_per_core: Limit.default(10),
  /** CPU utilisation levels, percent; the organization's fill them when a check sets none, else none (as Checkmk) */
  cpu_util_warn_pct: z.number().min(0).max(100).optional(),
  cpu_util_crit_pct: z.number().min(0).max(100).optional(),
  /** the organization's memory thresholds fill these when a check sets none (SPEC §5 Thresholds) */
  memory_unit: z.enum(MEMORY_UNITS).optional(),
  memory_warn: Limit.optional(),
  memory_crit: Limit.optional(),
  fs_warn_pct: z.number().min(0).max(100).default(80),
  fs_crit_pct: z.number().min(0).max(100).default(90),
  /** collect the host's asset sections instead of judging its health */
  inventory: z.boolean().default(false),
  /** list the services the agent reports (hosts/{id}/checkmk-services) instead of judging them */
  discover: z.boolean().default(false),
})
export type CheckmkAgentConfig = z.infer<typeof CheckmkAgentConfig>

const LABEL = 'CHECKMK'
const PART_WORDS: Record<CheckmkPart, string> = {
  cpu: 'CPU load',
  cpu_util: 'CPU utilisation',
  memory: 'memory',
  filesystems: 'filesystems',
  services: 'services',
  updates: 'updates',
  local: 'local checks',
  uptime: 'uptime',
  exchange_replication: 'Exchange replication',
}
/** A Windows server with SQL Server sends about 1 MB; more than this is no agent. */
export const AGENT_OUTPUT_MAX = 16 * 1024 * 1024
/** Memory thresholds when neither the check nor its organization sets any: percent used. */
const MEMORY_DEFAULT = { memory_unit: 'percent_used', memory_warn: 80, memory_crit: 90 } as const

/** The agent's text, or the result that says why there is none. */
function readAgent(host: string, address: string, port: number, ctx: CheckContext): Promise<string | CheckResult> {
  return new Promise((resolve) => {
    const where = `${host} port ${port}`
    const chunks: Buffer[] = []
    let size = 0
    let connected = false
    let settled = false
    const socket = net.connect({ host: address, port })
    const settle = (result: string | CheckResult) => {
      if (settled) return
      settled = true
      unsubscribe()
      socket.destroy()
      resolve(result)
    }
    const unsubscribe = ctx.onStop(() =>
      settle(failure(2, `${LABEL} CRITICAL - ${stopReason(ctx)} ${connected ? 'reading the agent on' : 'connecting to'} ${where}`)),
    )
    socket.once('connect', () => (connected = true))
    socket.on('data', (chunk: Buffer) => {
      if (!size && chunk.length >= 2) {
        const head = chunk.subarray(0, 2).toString('latin1')
        if (head === '16')
          return settle(
            failure(
              3,
              `${LABEL} UNKNOWN - the agent on ${where} asks for TLS: it is registered to a Checkmk site; let it answer in legacy pull mode`,
            ),
          )
        if (/^\d\d$/.test(head))
          return settle(failure(3, `${LABEL} UNKNOWN - the agent on ${where} sends encrypted output; turn its encryption off`))
      }
      size += chunk.length
      if (size > AGENT_OUTPUT_MAX)
        return settle(failure(2, `${LABEL} CRITICAL - the agent on ${where} sent more than ${AGENT_OUTPUT_MAX / 1024 / 1024} MiB`))
      chunks.push(chunk)
    })
    socket.once('end', () => {
      if (!size)
        settle(
          failure(2, `${LABEL} CRITICAL - the agent on ${where} closed the connection without output (is this server in its only_from?)`),
        )
      else settle(Buffer.concat(chunks).toString('utf8'))
    })
    socket.on('error', (error) =>
      settle(failure(2, `${LABEL} CRITICAL - ${connected ? 'connection to' : 'cannot connect to'} ${where}: ${describeError(error)}`)),
    )
  })
}

function limitsOf(config: CheckmkAgentConfig): Limits {
  const memory =
    config.memory_unit && config.memory_warn !== undefined && config.memory_crit !== undefined
      ? { memory_unit: config.memory_unit, memory_warn: config.memory_warn, memory_crit: config.memory_crit }
      : MEMORY_DEFAULT
  return { ...config, ...memory }
}

function resultOf(text: string, config: CheckmkAgentConfig, memo: CheckMemo | undefined): CheckResult {
  const output = parseAgentOutput(text)
  const agent = output.get('check_mk')
  if (!agent) return failure(2, `${LABEL} CRITICAL - the answer has no <<<check_mk>>> section: this is no Checkmk agent`)
  if (config.discover) {
    const services = discoverServices(output, limitsOf(config))
    return { status: 0, output: `${LABEL} OK - ${services.length} services found`, perfdata: [], services }
  }
  if (config.inventory) {
    const inventory = checkmkInventory(output)
    // Without the inventory plugin the agent lists no packages: those pushed over the API stay.
    const packages = checkmkPackages(output)
    const count = (n: number | undefined, what: string) => `${n ?? 0} ${what}`
    const name = inventory.system?.[0]?.name
    const counts = [
      count(inventory.services?.length, 'services'),
      count(inventory.storage?.length, 'filesystems'),
      count(inventory.interfaces?.length, 'interfaces'),
      ...(packages ? [count(packages.length, 'packages')] : []),
    ]
    return {
      status: 0,
      output: `${LABEL} OK - ${name ? `${name}: ` : ''}${counts.join(', ')}`,
      perfdata: [],
      inventory,
      ...(packages ? { packages } : {}),
    }
  }
  const judged = judgeAgentOutput(output, limitsOf(config), config.parts ?? DEFAULT_PARTS, memo)
  // Names and details come from the host (mount points, local checks): one line each, whatever they hold.
  const parts = judged.judged.map((p) => ({ ...p, text: p.text.replace(/\p{Cc}/gu, ' ') }))
  const missing = judged.missing
  // Parts asked for by name that the agent does not report are UNKNOWN; by default they are simply not there.
  // A resource naming its filesystems or local checks says which of them is missing.
  const named = (p: CheckmkPart) => (p === 'filesystems' && !!config.mounts) || (p === 'local' && !!config.local_checks)
  // Only a resource that names them reads the filesystems and local checks a second time.
  const mounts = config.mounts ? new Set(filesystemsOf(output).map((fs) => fs.mount)) : null
  const locals = config.local_checks ? new Set(localChecksOf(output).map((c) => c.name)) : null
  const unknown = [
    ...(config.parts ? missing.filter((p) => !named(p)).map((p) => `the agent reports no ${PART_WORDS[p]}`) : []),
    ...(config.mounts ?? []).filter((m) => !mounts?.has(m)).map((m) => `the agent reports no filesystem ${m}`),
    ...(config.local_checks ?? []).filter((n) => !locals?.has(n)).map((n) => `the agent reports no local check ${n}`),
  ]
  const status = worstState([...parts.map((p) => p.status), ...(unknown.length ? [3 as const] : [])])
  const problems = parts.filter((p) => p.status).map((p) => p.text)
  const summary = [...(problems.length ? problems : parts.map((p) => p.text)), ...unknown].join(', ') || 'the agent answered'
  return {
    status,
    output: `${LABEL} ${STATUS_WORD[status]} - ${summary}`,
    long_output: parts.map((p) => `${STATUS_WORD[p.status]} - ${p.text}`).join('\n') || undefined,
    perfdata: parts.flatMap((p) => p.perfdata),
    ...(judged.memo ? { memo: judged.memo } : {}),
  }
}

function run(config: CheckmkAgentConfig, ctx: CheckContext): Promise<CheckResult> {
  const host = config.host ?? ctx.address
  return throughPolicy(LABEL, host, ctx, async (address) => {
    const text = await readAgent(host, address, config.port, ctx)
    return typeof text === 'string' ? resultOf(text, config, ctx.memo) : text
  })
}

export const checkmkAgent: CheckKind<CheckmkAgentConfig> = {
  kind: 'checkmk-agent',
  config: CheckmkAgentConfig,
  // Parsing a megabyte of agent output is milliseconds of a thread: never the main one.
  needsWorker: () => true,
  run,
}
