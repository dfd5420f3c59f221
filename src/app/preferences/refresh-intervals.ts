/** Issue 16 preferences: custom auto-refresh intervals (seconds) overriding SPEC §9's defaults, kept as `refresh_intervals`. */
import { AUTO_REFRESH_S } from '../../shared/constants'

/** The kinds of screen a user may set an interval for, with SPEC §9's seconds as the fallback. */
export const REFRESH_KINDS = (['default', 'host_status', 'resource', 'map', 'timeline', 'global_timeline', 'dashboard'] as const).map(
  (kind) => ({
    kind,
    fallback: AUTO_REFRESH_S[kind],
  }),
)
export type RefreshKind = (typeof REFRESH_KINDS)[number]['kind']

/** The stored overrides, ignoring anything that is not a whole number of seconds between 5 and 3600. */
export function refreshIntervalsOf(prefs: Record<string, unknown>): Partial<Record<RefreshKind, number>> {
  const stored = prefs.refresh_intervals
  if (stored === null || typeof stored !== 'object') return {}
  const out: Partial<Record<RefreshKind, number>> = {}
  for (const { kind } of REFRESH_KINDS) {
    const v = (stored as Record<string, unknown>)[kind]
    if (typeof v === 'number' && Number.isInteger(v) && v >= 5 && v <= 3600) out[kind] = v
  }
  return out
}
