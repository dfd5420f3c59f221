/**
 * Flapping detection (SPEC §3 is_flapping) with Nagios Core's weighted state history
 * (base/flapping.c): the last 21 states, each change between neighbours weighted linearly from 0.75
 * (oldest) to 1.25 (newest), summed into a percent state change over the 20 possible changes.
 * Flapping starts at or above the high threshold and stops at or below the low one; in between the
 * previous verdict stands. Pure.
 */

/** States kept, as Nagios' MAX_STATE_HISTORY_ENTRIES. */
export const FLAP_HISTORY_SIZE = 21
/** Nagios' default flap thresholds, in percent; configurable per engine. */
export const FLAP_THRESHOLDS = { low: 20, high: 30 } as const

export interface FlapThresholds {
  low: number
  high: number
}

export interface FlapState {
  /** statuses, oldest first, at most FLAP_HISTORY_SIZE */
  history: number[]
  is_flapping: boolean
  percent_state_change: number
}

export interface FlapUpdate extends FlapState {
  started: boolean
  stopped: boolean
}

export const NOT_FLAPPING: FlapState = { history: [], is_flapping: false, percent_state_change: 0 }

const LOW_WEIGHT = 0.75
const HIGH_WEIGHT = 1.25

/**
 * Weighted percent of state changes in `history` (oldest first). A short history counts as if the
 * missing older entries equalled its oldest one, as Nagios' history starts filled with one state.
 */
export function percentStateChange(history: readonly number[]): number {
  const size = FLAP_HISTORY_SIZE
  const kept = Math.min(history.length, size)
  const first = history.length - kept // oldest entry considered
  const padding = size - kept // missing older entries
  let weighted = 0
  for (let i = first + 1; i < history.length; i++) {
    if (history[i] === history[i - 1]) continue
    const slot = padding + (i - first) // 1..20: window position of the newer state of the pair
    weighted += ((slot - 1) * (HIGH_WEIGHT - LOW_WEIGHT)) / (size - 2) + LOW_WEIGHT
  }
  return (weighted * 100) / (size - 1)
}

/** Records `status` and decides whether the check is flapping. */
export function updateFlapping(prev: FlapState, status: number, thresholds: FlapThresholds = FLAP_THRESHOLDS): FlapUpdate {
  const history =
    prev.history.length >= FLAP_HISTORY_SIZE
      ? [...prev.history.slice(prev.history.length - FLAP_HISTORY_SIZE + 1), status]
      : [...prev.history, status]
  const percent = percentStateChange(history)
  let isFlapping = prev.is_flapping
  if (percent >= thresholds.high) isFlapping = true
  else if (percent <= thresholds.low) isFlapping = false
  return {
    history,
    is_flapping: isFlapping,
    percent_state_change: percent,
    started: isFlapping && !prev.is_flapping,
    stopped: !isFlapping && prev.is_flapping,
  }
}
