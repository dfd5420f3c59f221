/**
 * Run-time half of an organization's default thresholds (issue 15 Settings, shared/api/thresholds.ts): a check
 * that sets no thresholds of its own runs with its organization's, as they are now, so a change reaches every
 * such check at its next run. A check's own thresholds always win.
 */
import { RESPONSE_TIME_KINDS, type OrganizationThresholds, type ResponseTimeKind } from '../../shared/api/thresholds'

const isResponseTimeKind = (kind: string): kind is ResponseTimeKind => (RESPONSE_TIME_KINDS as readonly string[]).includes(kind)

type Fields = Record<string, unknown>

/** `config` with the organization's thresholds where it sets none (per pair: a check setting one bound keeps its own). */
export function withOrganizationThresholds(kind: string, config: unknown, thresholds: OrganizationThresholds | undefined): unknown {
  if (!thresholds) return config
  const c = config as Fields
  const fill = (warnKey: string, critKey: string, pair: { warning: number; critical: number } | null | undefined): Fields =>
    pair && c[warnKey] === undefined && c[critKey] === undefined ? { [warnKey]: pair.warning, [critKey]: pair.critical } : {}
  if (isResponseTimeKind(kind)) return { ...c, ...fill('warn_s', 'crit_s', thresholds.response_time_s[kind]) }
  // SPEC §5 "Memory thresholds are percentage used or MB free": what a Checkmk agent reports.
  if (kind === 'checkmk-agent') {
    const memory =
      thresholds.memory && c.memory_warn === undefined && c.memory_crit === undefined
        ? { memory_unit: thresholds.memory.unit, memory_warn: thresholds.memory.warning, memory_crit: thresholds.memory.critical }
        : {}
    return { ...c, ...memory, ...fill('cpu_util_warn_pct', 'cpu_util_crit_pct', thresholds.cpu_util_pct) }
  }
  if (kind === 'ping')
    return { ...c, ...fill('warn_rta_ms', 'crit_rta_ms', thresholds.ping_rta_ms), ...fill('warn_pl', 'crit_pl', thresholds.ping_loss_pct) }
  return config
}
