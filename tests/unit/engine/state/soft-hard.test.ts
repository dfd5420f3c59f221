import { describe, expect, it } from 'vitest'
import { applyResult, PENDING_STATE, type CheckState } from '../../../../src/server/engine/state'

const schedule = { max_check_attempts: 3, check_interval: 300, retry_interval: 60 }
const OK = 0
const WARNING = 1
const CRITICAL = 2

/** Feeds statuses one minute apart and returns every transition. */
function feed(statuses: number[], start: CheckState = PENDING_STATE, options = schedule) {
  let state = start
  return statuses.map((status, i) => {
    const t = applyResult(state, status, 1000 + i * 60, options)
    state = t.state
    return t
  })
}

// SPEC §4 soft versus hard state; issue 3: Nagios semantics with max_check_attempts.
describe('soft and hard states', () => {
  it('starts a problem as SOFT attempt 1, retries at the retry interval and turns HARD on the last attempt', () => {
    const [first, second, third] = feed([OK, CRITICAL, CRITICAL, CRITICAL]).slice(1)
    expect(first.state).toMatchObject({ status: CRITICAL, state_type: 'SOFT', current_attempt: 1, next_check: 1060 + 60 })
    expect(first.change).toEqual({ from: OK, to: CRITICAL, state_type: 'SOFT', attempt: 1 })
    expect(second.state).toMatchObject({ state_type: 'SOFT', current_attempt: 2 })
    expect(second.change).toBeNull()
    expect(third.state).toMatchObject({ state_type: 'HARD', current_attempt: 3, next_check: 1180 + 300, last_hard_state_change: 1180 })
    expect(third.change).toEqual({ from: CRITICAL, to: CRITICAL, state_type: 'HARD', attempt: 3 })
    // the status itself changed at the first soft problem, not when it hardened
    expect(third.state.last_state_change).toBe(1060)
  })

  it('is HARD at once when max_check_attempts is 1', () => {
    const [, problem] = feed([OK, CRITICAL], PENDING_STATE, { ...schedule, max_check_attempts: 1 })
    expect(problem.state).toMatchObject({ state_type: 'HARD', current_attempt: 1, last_hard_status: CRITICAL })
    expect(problem.change?.state_type).toBe('HARD')
  })

  it('records a SOFT recovery from a soft problem and keeps the hard state OK throughout', () => {
    const steps = feed([OK, WARNING, OK])
    const recovery = steps[2]
    expect(recovery.change).toEqual({ from: WARNING, to: OK, state_type: 'SOFT', attempt: 1 })
    expect(recovery.state).toMatchObject({
      status: OK,
      state_type: 'HARD',
      current_attempt: 1,
      last_hard_status: OK,
      next_check: 1120 + 300,
    })
    expect(recovery.state.last_hard_state_change).toBe(steps[0].state.last_hard_state_change)
  })

  it('records a HARD recovery from a hard problem immediately', () => {
    const steps = feed([OK, CRITICAL, CRITICAL, CRITICAL, OK])
    expect(steps[4].change).toEqual({ from: CRITICAL, to: OK, state_type: 'HARD', attempt: 1 })
    expect(steps[4].state).toMatchObject({ state_type: 'HARD', current_attempt: 1, last_state_change: 1240, last_hard_state_change: 1240 })
  })

  it('counts attempts across different problem statuses and reports the soft change', () => {
    const steps = feed([OK, WARNING, CRITICAL, CRITICAL])
    expect(steps[2].change).toEqual({ from: WARNING, to: CRITICAL, state_type: 'SOFT', attempt: 2 })
    expect(steps[3].state).toMatchObject({ state_type: 'HARD', current_attempt: 3 })
  })

  it('makes a status change within a hard problem a HARD change, and repeating it none', () => {
    const steps = feed([OK, WARNING, WARNING, WARNING, CRITICAL, CRITICAL])
    expect(steps[4].change).toEqual({ from: WARNING, to: CRITICAL, state_type: 'HARD', attempt: 3 })
    expect(steps[4].state.next_check).toBe(1240 + 300)
    expect(steps[5].change).toBeNull()
  })

  it('treats a first OK after pending as no change but dates the state', () => {
    const [first] = feed([OK])
    expect(first.change).toBeNull()
    expect(first.state).toMatchObject({ status: OK, state_type: 'HARD', last_check: 1000, last_state_change: 1000, next_check: 1300 })
  })

  it('reports a first problem after pending as a change from pending', () => {
    const [first] = feed([CRITICAL])
    expect(first.change).toEqual({ from: null, to: CRITICAL, state_type: 'SOFT', attempt: 1 })
  })
})
