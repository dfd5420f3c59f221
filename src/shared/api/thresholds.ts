/**
 * An organization's default thresholds (SPEC §5 Thresholds, issue 15 Settings): warning and critical per check
 * kind, applied by the engine to every check of the organization that sets none of its own. Each metric has a
 * direction: when higher is worse critical must be above warning, when lower is worse below it (the SPEC §5
 * "message each way"). Memory is percent used (higher is worse) or MB free (lower is worse).
 */
import { z } from 'zod'

/** Check kinds whose response time (seconds, check_tcp's -w/-c) has thresholds. */
export const RESPONSE_TIME_KINDS = ['tcp', 'http', 'https', 'dns', 'smtp', 'imap', 'pop', 'ftp', 'ssh'] as const
export type ResponseTimeKind = (typeof RESPONSE_TIME_KINDS)[number]

export const MEMORY_UNITS = ['percent_used', 'mb_free'] as const
export type MemoryUnit = (typeof MEMORY_UNITS)[number]

export type Direction = 'higher_is_worse' | 'lower_is_worse'

/** The rule a warning/critical pair breaks, worded as the issue's message (admin.settings.thresholds.rules). */
export type ThresholdRule = 'critical_must_be_higher' | 'critical_must_be_lower'

export const ThresholdPair = z.object({
  warning: z.number().min(0).max(1_000_000),
  critical: z.number().min(0).max(1_000_000),
})
export type ThresholdPair = z.infer<typeof ThresholdPair>

/** Which rule `pair` breaks in `direction`, or null when it is in order. */
export function thresholdRule(pair: ThresholdPair, direction: Direction): ThresholdRule | null {
  if (direction === 'higher_is_worse') return pair.critical > pair.warning ? null : 'critical_must_be_higher'
  return pair.critical < pair.warning ? null : 'critical_must_be_lower'
}

export const memoryDirection = (unit: MemoryUnit): Direction => (unit === 'mb_free' ? 'lower_is_worse' : 'higher_is_worse')

const Percent = ThresholdPair.extend({ warning: z.number().min(0).max(100), critical: z.number().min(0).max(100) })
const MemoryThresholds = z.object({ unit: z.enum(MEMORY_UNITS), warning: z.number().min(0).max(1e9), critical: z.number().min(0).max(1e9) })

const ThresholdsShape = z.object({
  /** seconds per check kind */
  response_time_s: z.partialRecord(z.enum(RESPONSE_TIME_KINDS), ThresholdPair).default({}),
  /** ping round-trip average, milliseconds */
  ping_rta_ms: ThresholdPair.nullable().default(null),
  /** ping packet loss, percent */
  ping_loss_pct: Percent.nullable().default(null),
  memory: MemoryThresholds.nullable().default(null),
  /** CPU utilisation of Checkmk agents, percent */
  cpu_util_pct: Percent.nullable().default(null),
})

/** Every pair of `t` with its direction and path, for the form and the rule check alike. */
export function thresholdPairs(
  t: z.infer<typeof ThresholdsShape>,
): { path: (string | number)[]; pair: ThresholdPair; direction: Direction }[] {
  const higher = 'higher_is_worse' as const
  return [
    ...RESPONSE_TIME_KINDS.flatMap((kind) => {
      const pair = t.response_time_s[kind]
      return pair ? [{ path: ['response_time_s', kind], pair, direction: higher }] : []
    }),
    ...(t.ping_rta_ms ? [{ path: ['ping_rta_ms'], pair: t.ping_rta_ms, direction: higher }] : []),
    ...(t.ping_loss_pct ? [{ path: ['ping_loss_pct'], pair: t.ping_loss_pct, direction: higher }] : []),
    ...(t.memory ? [{ path: ['memory'], pair: t.memory, direction: memoryDirection(t.memory.unit) }] : []),
    ...(t.cpu_util_pct ? [{ path: ['cpu_util_pct'], pair: t.cpu_util_pct, direction: higher }] : []),
  ]
}

export const OrganizationThresholds = ThresholdsShape.superRefine((t, ctx) => {
  for (const { path, pair, direction } of thresholdPairs(t)) {
    const rule = thresholdRule(pair, direction)
    if (rule) ctx.addIssue({ code: 'custom', path: [...path, 'critical'], message: rule })
  }
})
export type OrganizationThresholds = z.infer<typeof OrganizationThresholds>
