/**
 * What a Checkmk agent's output says about its host, judged as Checkmk's default services would judge it: the CPU
 * load (15-minute average per core, 5 warning and 10 critical; on Windows the processor queue averaged as
 * checkmk-processor-queue.ts does), the CPU utilisation (checkmk-cpu-util.ts), memory (percent used or MB free, the organization's
 * SPEC §5 memory thresholds), each filesystem's use (80 and 90 %, pseudo filesystems left out), failed systemd
 * services (critical) and Windows services set to start automatically that are stopped (named, OK as in Checkmk's
 * service summary), pending updates (checkmk-updates.ts: security updates critical, other updates and a pending
 * reboot warnings, as Checkmk's APT and Windows Updates services), the host's local checks (checkmk-local.ts), the uptime
 * and, when asked for, Exchange replication (checkmk-exchange.ts). A part whose section the agent does not send is left out.
 */
import { perfItem, type PerfItem } from '../../../shared/perfdata'
import type { ThresholdRange } from '../../../shared/thresholds'
import type { MemoryUnit } from '../../../shared/api/thresholds'
import { cpuUtilisation } from './checkmk-cpu-util'
import { processorQueue } from './checkmk-processor-queue'
import { localChecksOf } from './checkmk-local'
import { worstState } from './common'
import { pendingUpdatesOf } from './checkmk-updates'
import { exchangeReplicationOf } from './checkmk-exchange'
import { fieldsOf, keyValues, plainLines, subTable, type AgentOutput } from './checkmk-output'
import { STATUS_WORD, type CheckMemo, type ExitStatus } from './types'

export const CHECKMK_PARTS = [
  'cpu',
  'cpu_util',
  'memory',
  'filesystems',
  'services',
  'updates',
  'local',
  'uptime',
  'exchange_replication',
] as const
export type CheckmkPart = (typeof CHECKMK_PARTS)[number]
/**
 * The parts a check judges when it names none: all but Exchange replication, which the SPEC §3 check option
 * `exchange_replication` asks for as a check of its own (host-tags.ts), so that it is not judged twice.
 */
export const DEFAULT_PARTS: readonly CheckmkPart[] = CHECKMK_PARTS.filter((p) => p !== 'exchange_replication')

export interface Limits {
  /** the filesystems (mount points) and local checks (names) to judge; all when not given */
  mounts?: string[]
  local_checks?: string[]
  load_warn_per_core: number
  load_crit_per_core: number
  /** CPU utilisation, percent; none: reported, not judged (Checkmk's default) */
  cpu_util_warn_pct?: number
  cpu_util_crit_pct?: number
  memory_unit: MemoryUnit
  memory_warn: number
  memory_crit: number
  fs_warn_pct: number
  fs_crit_pct: number
}

export interface Judged {
  part: CheckmkPart
  status: ExitStatus
  /** one short phrase for the output line */
  text: string
  perfdata: PerfItem[]
  /** what the next run of the check needs (counters for a rate, averages) */
  memo?: CheckMemo
}

/** Filesystems that hold no data of their own (Checkmk's df discovery leaves these out too). */
const PSEUDO_FS = new Set(['tmpfs', 'devtmpfs', 'squashfs', 'iso9660', 'overlay', 'nfs', 'nfs4', 'cifs', 'smbfs', 'efivarfs', 'ramfs'])

const above = (limit: number): ThresholdRange => ({ start: 0, end: limit, inside: false })
const below = (limit: number): ThresholdRange => ({ start: limit, end: null, inside: false })
const statusAbove = (value: number, warn: number, crit: number): ExitStatus => (value >= crit ? 2 : value >= warn ? 1 : 0)
const round = (n: number, digits = 0) => Number(n.toFixed(digits))
const GIB = 1024 ** 3

/** A size in the unit that reads best: 812 MiB, 7.4 GiB. */
export function bytesText(bytes: number): string {
  if (bytes >= 1024 ** 4) return `${round(bytes / 1024 ** 4, 1)} TiB`
  if (bytes >= GIB) return `${round(bytes / GIB, 1)} GiB`
  return `${round(bytes / 1024 ** 2)} MiB`
}

/** Linux's load averages and cores (the cpu section is /proc/loadavg and the number of cores). */
function linuxLoads(output: AgentOutput): { loads: number[]; cores: number } | null {
  const section = output.get('cpu')
  const line = section?.lines[0]
  if (!section || !line) return null
  const [load1, load5, load15, , , cores] = fieldsOf(section, line)
  const loads = [load1, load5, load15].map(Number)
  return loads.every(Number.isFinite) ? { loads, cores: Math.max(1, Number(cores) || 1) } : null
}

/** The load: Linux's averages, or a Windows host's processor queue averaged with what the previous run kept. */
function cpu(output: AgentOutput, limits: Limits, memo: CheckMemo | undefined, now: number): Judged | null {
  const linux = linuxLoads(output)
  const queue = linux ? null : processorQueue(output, memo, now)
  const found = linux ?? queue
  if (!found) return null
  const { loads, cores: n } = found
  const warn = limits.load_warn_per_core * n
  const crit = limits.load_crit_per_core * n
  const status = statusAbove(loads[2], warn, crit)
  const limitText = status ? ` (${status === 2 ? 'critical' : 'warning'} at ${status === 2 ? crit : warn})` : ''
  return {
    part: 'cpu',
    status,
    text: `CPU load ${loads[2]} on ${n} ${n === 1 ? 'core' : 'cores'}${limitText}`,
    perfdata: [
      perfItem('load1', loads[0], ''),
      perfItem('load5', loads[1], ''),
      perfItem('load15', loads[2], '', { warn: above(warn), crit: above(crit), min: 0 }),
    ],
    memo: queue?.memo,
  }
}

function memory(output: AgentOutput, limits: Limits): Judged | null {
  const values = keyValues(output.get('mem'))
  const kb = (key: string) => (values.has(key) ? Number.parseInt(values.get(key)!, 10) : NaN)
  const total = kb('MemTotal')
  if (!(total > 0)) return null
  // Linux says what is available without swapping; older kernels and Windows say what is free.
  const cache = kb('Buffers') + kb('Cached')
  const available = Number.isFinite(kb('MemAvailable')) ? kb('MemAvailable') : kb('MemFree') + (Number.isFinite(cache) ? cache : 0)
  if (!Number.isFinite(available)) return null
  const usedPct = ((total - available) / total) * 100
  const freeMb = available / 1024
  const { memory_unit: unit, memory_warn: warn, memory_crit: crit } = limits
  const status: ExitStatus = unit === 'percent_used' ? statusAbove(usedPct, warn, crit) : freeMb <= crit ? 2 : freeMb <= warn ? 1 : 0
  const limit = status === 2 ? crit : warn
  const limitText = !status
    ? ''
    : unit === 'percent_used'
      ? ` (${status === 2 ? 'critical' : 'warning'} at ${limit} %)`
      : ` (${status === 2 ? 'critical' : 'warning'} at ${limit} MB free)`
  const text =
    unit === 'percent_used'
      ? `memory ${round(usedPct)} % used of ${bytesText(total * 1024)}${limitText}`
      : `memory ${round(freeMb)} MB free of ${bytesText(total * 1024)}${limitText}`
  return {
    part: 'memory',
    status,
    text,
    perfdata: [
      perfItem('memory_used', (total - available) * 1024, 'B', { min: 0, max: total * 1024 }),
      unit === 'percent_used'
        ? perfItem('memory_used_percent', round(usedPct, 2), '%', { warn: above(warn), crit: above(crit), min: 0, max: 100 })
        : perfItem('memory_free', round(freeMb, 1), 'MB', { warn: below(warn), crit: below(crit), min: 0 }),
    ],
  }
}

export interface Filesystem {
  mount: string
  type: string
  size_bytes: number
  used_bytes: number
  used_pct: number
}

/** The data filesystems of df: Linux's whitespace lines (the mount point may hold spaces) and Windows' tab ones. */
export function filesystemsOf(output: AgentOutput): Filesystem[] {
  const section = output.get('df')
  if (!section) return []
  return plainLines(section).flatMap((line) => {
    const f = fieldsOf(section, line)
    if (f.length < 7) return []
    const [, type, size, used, available] = f
    const mount = section.sep === null ? f.slice(6).join(' ') : f[6]
    const [s, u, a] = [size, used, available].map(Number)
    if (PSEUDO_FS.has(type.toLowerCase()) || !(s > 0) || !Number.isFinite(u) || !Number.isFinite(a)) return []
    // As df: used of what users may fill (the root-reserved blocks are neither).
    return [{ mount, type, size_bytes: s * 1024, used_bytes: u * 1024, used_pct: u + a > 0 ? (u / (u + a)) * 100 : 0 }]
  })
}

function filesystems(output: AgentOutput, limits: Limits): Judged | null {
  const all = filesystemsOf(output).filter((fs) => !limits.mounts || limits.mounts.includes(fs.mount))
  if (!all.length) return null
  const judged = all.map((fs) => ({ fs, status: statusAbove(fs.used_pct, limits.fs_warn_pct, limits.fs_crit_pct) }))
  const status = judged.reduce<ExitStatus>((s, j) => (j.status > s ? j.status : s), 0)
  const bad = judged.filter((j) => j.status)
  const fullest = all.reduce((a, b) => (b.used_pct > a.used_pct ? b : a))
  const text = bad.length
    ? bad
        .map(
          ({ fs, status: s }) =>
            `filesystem ${fs.mount} ${round(fs.used_pct)} % used of ${bytesText(fs.size_bytes)} (${s === 2 ? 'critical' : 'warning'} at ${s === 2 ? limits.fs_crit_pct : limits.fs_warn_pct} %)`,
        )
        .join(', ')
    : `${all.length} ${all.length === 1 ? 'filesystem' : 'filesystems'}, fullest ${fullest.mount} ${round(fullest.used_pct)} %`
  const perfdata = all.map((fs) =>
    perfItem(fs.mount, round(fs.used_pct, 2), '%', { warn: above(limits.fs_warn_pct), crit: above(limits.fs_crit_pct), min: 0, max: 100 }),
  )
  return { part: 'filesystems', status, text, perfdata }
}

export interface ServiceRow {
  name: string
  description: string
  state: string
  start_type: string | null
}

/** Linux systemd services ([all] of systemd_units, with [list-unit-files] for how they start) or Windows services. */
export function servicesOf(output: AgentOutput): { system: 'systemd' | 'windows'; rows: ServiceRow[] } | null {
  const systemd = output.get('systemd_units')
  if (systemd) {
    const starts = new Map(
      subTable(systemd, 'list-unit-files').map((l) => {
        const [unit, state] = l.trim().split(/\s+/)
        return [unit, state ?? null] as const
      }),
    )
    const rows = subTable(systemd, 'all').flatMap((line) => {
      // A leading marker (* or ●) flags a failed or missing unit.
      const [unit, , active, sub, ...description] = line.replace(/^\s*[*●]?\s*/, '').split(/\s+/)
      if (!unit?.endsWith('.service') || !active) return []
      return [
        {
          name: unit,
          description: description.join(' '),
          state: active === 'failed' ? 'failed' : (sub ?? active),
          start_type: starts.get(unit) ?? null,
        },
      ]
    })
    return { system: 'systemd', rows }
  }
  const windows = output.get('services')
  if (!windows) return null
  const rows = windows.lines.flatMap((line) => {
    const m = /^(\S+)\s+(\S+)\/(\S+)\s*(.*)$/.exec(line)
    return m ? [{ name: m[1], description: m[4], state: m[2], start_type: m[3] }] : []
  })
  return { system: 'windows', rows }
}

function services(output: AgentOutput): Judged | null {
  const found = servicesOf(output)
  if (!found) return null
  const names = (rows: ServiceRow[]) => rows.map((r) => r.name).join(', ')
  if (found.system === 'systemd') {
    const failed = found.rows.filter((r) => r.state === 'failed')
    const running = found.rows.filter((r) => r.state === 'running').length
    return {
      part: 'services',
      status: failed.length ? 2 : 0,
      text: failed.length
        ? `${failed.length} failed ${failed.length === 1 ? 'service' : 'services'}: ${names(failed)}`
        : `${running} services running`,
      perfdata: [perfItem('services_failed', failed.length, '', { crit: above(0), min: 0 })],
    }
  }
  const stopped = found.rows.filter((r) => r.start_type === 'auto' && r.state !== 'running')
  const running = found.rows.filter((r) => r.state === 'running').length
  return {
    part: 'services',
    status: 0,
    text: `${running} services running${stopped.length ? `, ${stopped.length} set to start automatically stopped: ${names(stopped)}` : ''}`,
    perfdata: [perfItem('services_auto_stopped', stopped.length, '', { min: 0 })],
  }
}

function updates(output: AgentOutput): Judged | null {
  const pending = pendingUpdatesOf(output)
  if (!pending) return null
  const { counts } = pending
  const named = (kind: string) => {
    const names = pending.updates.filter((u) => u.kind === kind).map((u) => u.name)
    return names.length ? `: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}` : ''
  }
  if (pending.system === 'apt') {
    const total = counts.security + counts.normal
    return {
      part: 'updates',
      status: counts.security ? 2 : counts.normal ? 1 : 0,
      text: !total
        ? 'no updates pending'
        : counts.security
          ? `${counts.security} security ${counts.security === 1 ? 'update' : 'updates'} pending${named('security')}${counts.normal ? ` (and ${counts.normal} other)` : ''}`
          : `${counts.normal} ${counts.normal === 1 ? 'update' : 'updates'} pending${named('normal')}`,
      perfdata: [
        perfItem('updates_security', counts.security, '', { crit: above(0), min: 0 }),
        perfItem('updates_normal', counts.normal, '', { warn: above(0), min: 0 }),
      ],
    }
  }
  const parts = [
    ...(counts.important
      ? [`${counts.important} important ${counts.important === 1 ? 'update' : 'updates'} pending${named('important')}`]
      : []),
    ...(pending.rebootRequired ? ['a reboot is required'] : []),
  ]
  return {
    part: 'updates',
    status: parts.length ? 1 : 0,
    text: parts.length ? parts.join(', ') : `no important updates pending${counts.optional ? ` (${counts.optional} optional)` : ''}`,
    perfdata: [
      perfItem('updates_important', counts.important, '', { warn: above(0), min: 0 }),
      perfItem('updates_optional', counts.optional, '', { min: 0 }),
    ],
  }
}

function local(output: AgentOutput, names: string[] | undefined): Judged | null {
  const checks = localChecksOf(output).filter((c) => !names || names.includes(c.name))
  if (!checks.length) return null
  const bad = checks.filter((c) => c.status)
  return {
    part: 'local',
    status: worstState(checks.map((c) => c.status)),
    text: bad.length
      ? bad.map((c) => `${c.name} ${STATUS_WORD[c.status]}${c.detail ? `: ${c.detail}` : ''}`).join(', ')
      : `${checks.length} local ${checks.length === 1 ? 'check' : 'checks'} OK`,
    perfdata: checks.flatMap((c) => c.perfdata),
  }
}

/** Seconds since boot, from the uptime section. */
export function uptimeOf(output: AgentOutput): number | null {
  const section = output.get('uptime')
  const seconds = section?.lines[0] ? Number(fieldsOf(section, section.lines[0])[0]) : NaN
  return Number.isFinite(seconds) ? Math.floor(seconds) : null
}

function uptime(output: AgentOutput): Judged | null {
  const seconds = uptimeOf(output)
  if (seconds === null) return null
  const days = Math.floor(seconds / 86400)
  const text =
    days >= 1 ? `up ${days} ${days === 1 ? 'day' : 'days'}` : `up ${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`
  return { part: 'uptime', status: 0, text, perfdata: [perfItem('uptime', seconds, 's', { min: 0 })] }
}

/**
 * The parts asked for that the output has, in CHECKMK_PARTS order; `missing` those it has no section for. `memo` is
 * what the previous run kept (CPU counters, Windows' load averages) at `now` (unix seconds), and the result's `memo`
 * what the next run needs.
 */
export function judgeAgentOutput(
  output: AgentOutput,
  limits: Limits,
  parts: readonly CheckmkPart[],
  memo?: CheckMemo,
  now = Date.now() / 1000,
): { judged: Judged[]; missing: CheckmkPart[]; memo?: CheckMemo } {
  const utilisation = () => {
    const u = cpuUtilisation(output, { warn: limits.cpu_util_warn_pct, crit: limits.cpu_util_crit_pct }, memo)
    return u && { part: 'cpu_util' as const, ...u }
  }
  const judges: Record<CheckmkPart, () => Judged | null> = {
    cpu: () => cpu(output, limits, memo, now),
    cpu_util: utilisation,
    memory: () => memory(output, limits),
    filesystems: () => filesystems(output, limits),
    services: () => services(output),
    updates: () => updates(output),
    local: () => local(output, limits.local_checks),
    uptime: () => uptime(output),
    exchange_replication: () => {
      const judged = exchangeReplicationOf(output)
      return judged && { part: 'exchange_replication', ...judged }
    },
  }
  const judged: Judged[] = []
  const missing: CheckmkPart[] = []
  let next: CheckMemo | undefined
  for (const part of CHECKMK_PARTS.filter((p) => parts.includes(p))) {
    const j = judges[part]()
    if (j?.memo) next = { ...next, ...j.memo }
    if (j) judged.push(j)
    else missing.push(part)
  }
  return { judged, missing, memo: next }
}
