/**
 * Soft and hard states (SPEC §4 "soft versus hard state", admin field "max check attempts"), with
 * Nagios Core's semantics (base/checks.c): a problem after OK starts SOFT at attempt 1 and turns HARD
 * on attempt `max_check_attempts`; a recovery from a HARD problem is a HARD recovery, from a SOFT one a
 * SOFT recovery, and either way the OK state itself is HARD at attempt 1. Pure: no clock, no storage.
 * Status 0 is OK/UP, anything else a problem, so hosts (HOST codes) and resources (RESOURCE) share it.
 * Times are unix seconds; intervals seconds.
 */

export type StateType = 'HARD' | 'SOFT'

/** What the engine keeps per host or resource between results. */
export interface CheckState {
  /** null while pending (never checked) */
  status: number | null
  state_type: StateType
  current_attempt: number
  last_check: number | null
  /** last change of status, soft or hard */
  last_state_change: number | null
  last_hard_state_change: number | null
  last_hard_status: number | null
  next_check: number | null
}

export interface CheckSchedule {
  max_check_attempts: number
  /** seconds between checks while OK or in a HARD state */
  check_interval: number
  /** seconds between checks while in a SOFT problem state */
  retry_interval: number
}

/** A change worth a SPEC §3 timeline event of type state_change, shown as HARD or SOFT (SPEC §4). */
export interface StateChange {
  from: number | null
  to: number
  state_type: StateType
  attempt: number
}

export interface Transition {
  state: CheckState
  /** null when nothing a user should see as a state change happened */
  change: StateChange | null
}

/** The state of something never checked (SPEC §3 state pending). */
export const PENDING_STATE: CheckState = {
  status: null,
  state_type: 'HARD',
  current_attempt: 1,
  last_check: null,
  last_state_change: null,
  last_hard_state_change: null,
  last_hard_status: null,
  next_check: null,
}

/** Applies one result (active or passive) at `now`. */
export function applyResult(prev: CheckState, status: number, now: number, schedule: CheckSchedule): Transition {
  const max = Math.max(1, schedule.max_check_attempts)
  // Nagios assumes a never-checked object was OK, so a first OK is no change and a first problem is.
  const before = prev.status ?? 0
  const wasHard = prev.status === null || prev.state_type === 'HARD'
  let stateType: StateType
  let attempt: number
  let change: StateChange | null = null
  let hardChange = false

  if (status === 0) {
    stateType = 'HARD'
    attempt = 1
    if (before !== 0) {
      change = { from: before, to: 0, state_type: wasHard ? 'HARD' : 'SOFT', attempt: wasHard ? 1 : prev.current_attempt }
      hardChange = wasHard
    }
  } else if (before === 0) {
    attempt = 1
    stateType = max === 1 ? 'HARD' : 'SOFT'
    hardChange = stateType === 'HARD'
    change = { from: prev.status, to: status, state_type: stateType, attempt }
  } else if (!wasHard) {
    attempt = Math.min(prev.current_attempt + 1, max)
    stateType = attempt >= max ? 'HARD' : 'SOFT'
    hardChange = stateType === 'HARD'
    if (hardChange || status !== before) change = { from: before, to: status, state_type: stateType, attempt }
  } else {
    stateType = 'HARD'
    attempt = max
    hardChange = status !== before
    if (hardChange) change = { from: before, to: status, state_type: 'HARD', attempt }
  }

  const statusChanged = prev.status === null || status !== before
  const interval = stateType === 'SOFT' ? schedule.retry_interval : schedule.check_interval
  return {
    state: {
      status,
      state_type: stateType,
      current_attempt: attempt,
      last_check: now,
      last_state_change: statusChanged ? now : prev.last_state_change,
      last_hard_state_change:
        hardChange || (prev.last_hard_state_change === null && stateType === 'HARD') ? now : prev.last_hard_state_change,
      last_hard_status: stateType === 'HARD' ? status : (prev.last_hard_status ?? 0),
      next_check: now + interval,
    },
    change,
  }
}
