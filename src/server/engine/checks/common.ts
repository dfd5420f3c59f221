/**
 * Pieces every network check kind shares: configuration fields, the timeout marker, error wording
 * and response-time thresholds (the `-w`/`-c` seconds of monitoring-plugins' check_tcp/check_http).
 */
import { z } from 'zod'
import { perfItem } from '../../../shared/perfdata'
import type { PerfItem } from '../../../shared/perfdata'
import type { CheckContext, CheckResult, ExitStatus } from './types'

/** A target host name or address; a leading `-` is refused so it can never pass as an option. */
export const HostField = z
  .string()
  .regex(/^[A-Za-z0-9_.:%][A-Za-z0-9_.:%-]*$/, 'invalid host name or address')
  .max(253)
export const PortField = z.number().int().min(1).max(65535)
/** Issue 13 "Targets": names a server admin's check template (store/check-templates.ts) whose fields the engine fills in at run time. */
export const TemplateField = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/, 'template names are letters, digits, _ . -')
  .max(100)
/** Response-time thresholds in seconds: WARNING/CRITICAL when the check takes longer. */
export const TimeThresholds = {
  warn_s: z.number().positive().optional(),
  crit_s: z.number().positive().optional(),
}

/** The abort reason `runCheck` uses when a check's time is up (as opposed to the engine stopping). */
export class CheckTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${formatSeconds(timeoutMs / 1000)} s`)
    this.name = 'CheckTimeoutError'
  }
}

/** Why `ctx.signal` aborted, worded for a check's output. */
export function stopReason(ctx: CheckContext): string {
  const reason: unknown = ctx.signal.reason
  return reason instanceof CheckTimeoutError ? reason.message : 'check cancelled'
}

/** Seconds without trailing zeros: 0.3, 10, 1.25. */
export function formatSeconds(seconds: number): string {
  return String(Math.round(seconds * 1000) / 1000)
}

const ERRNO_TEXT: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by peer',
  EHOSTUNREACH: 'No route to host',
  ENETUNREACH: 'Network is unreachable',
  ETIMEDOUT: 'Connection timed out',
  EPIPE: 'Connection closed by peer',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed temporarily',
}

/** A socket or TLS error in the words a user expects ("Connection refused"). */
export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code && ERRNO_TEXT[code]) return ERRNO_TEXT[code]
  return error instanceof Error ? error.message : String(error)
}

/** Checkmk's order of states: CRITICAL, then UNKNOWN, then WARNING, then OK (an unreadable part never hides a failed one). */
const RANK: Record<ExitStatus, number> = { 0: 0, 1: 1, 3: 2, 2: 3 }
export const worstState = (states: ExitStatus[]): ExitStatus => states.reduce<ExitStatus>((w, s) => (RANK[s] > RANK[w] ? s : w), 0)

/** The worst of several statuses, by exit code (UNKNOWN is never passed here). */
export function worst(a: ExitStatus, b: ExitStatus): ExitStatus {
  return a > b ? a : b
}

/** Status of a response time against optional thresholds; longer than the threshold alerts. */
export function timeStatus(seconds: number, warn_s?: number, crit_s?: number): ExitStatus {
  if (crit_s !== undefined && seconds > crit_s) return 2
  if (warn_s !== undefined && seconds > warn_s) return 1
  return 0
}

/** The `time` perfdata item of check_tcp/check_http: seconds, thresholds as 0..limit ranges. */
export function timePerf(seconds: number, warn_s?: number, crit_s?: number): PerfItem {
  return perfItem('time', seconds, 's', {
    warn: warn_s === undefined ? null : { start: 0, end: warn_s, inside: false },
    crit: crit_s === undefined ? null : { start: 0, end: crit_s, inside: false },
    min: 0,
  })
}

/** A result without perfdata, for failures. */
export function failure(status: ExitStatus, output: string): CheckResult {
  return { status, output, perfdata: [] }
}

/** The first line of what a server sent, trimmed and cut, safe to show in an output line. */
export function firstLine(text: string, max = 200): string {
  const end = text.search(/\r|\n/)
  const line = (end === -1 ? text : text.slice(0, end)).replace(/\p{Cc}/gu, '').trim()
  return line.length > max ? line.slice(0, max) + '…' : line
}
