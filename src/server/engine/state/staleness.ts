/**
 * Staleness (SPEC §3 is_stale, SPEC §4 "stale" decoration): a result is stale when it is older than
 * twice its check interval, or, for passive checks, older than their freshness window when one is set.
 * Pure. Times are unix seconds; intervals seconds.
 */

export interface FreshnessInput {
  /** null while pending: nothing to be stale yet */
  last_check: number | null
  check_interval: number
  is_passive: boolean
  /** seconds a passive result stays fresh; defaults to twice the check interval */
  freshness_threshold?: number | null
}

/** The moment a result turns stale if no newer one arrives (null while pending). */
export function staleAt(input: FreshnessInput): number | null {
  if (input.last_check === null) return null
  const window = input.is_passive && input.freshness_threshold ? input.freshness_threshold : 2 * input.check_interval
  return input.last_check + window
}

export function isStale(input: FreshnessInput, now: number): boolean {
  const at = staleAt(input)
  return at !== null && now > at
}
