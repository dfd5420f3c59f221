/** Issue 5: the engine-overloaded system event, from how late checks run after their planned time. */
import { describe, expect, it } from 'vitest'
import { createOverloadWatch, ENGINE_LATE_S, OVERLOAD_REPORT_S } from '../../../src/server/notifications/overload'
import type { SystemEvent } from '../../../src/server/store/event-log'
import type { StateDelta } from '../../../src/shared/feed'

const result = (id: number, last_check: number, next_check: number | null): StateDelta => ({
  kind: 'state',
  object: 'resource',
  id,
  host_id: 1,
  hostgroup_id: 1,
  name: 'r',
  host_name: 'h',
  state: 'ok',
  state_type: 'HARD',
  current_attempt: 1,
  plugin_output: '',
  last_check,
  next_check,
  last_state_change: null,
  is_flapping: false,
  is_stale: false,
})

describe('engine overload watch', () => {
  it('reports checks that ran more than the threshold after their planned time, once per report window', () => {
    let now = 10_000
    const reports: SystemEvent[] = []
    const watch = createOverloadWatch(
      (e) => reports.push(e),
      () => now,
    )
    watch.onWritten([result(1, 1000, 1060), result(2, 1000, 1060)])
    // On time, and late by exactly the threshold: nothing to say.
    watch.onWritten([result(1, 1060, 1120), result(2, 1060 + ENGINE_LATE_S, 1200)])
    expect(reports).toEqual([])
    watch.onWritten([result(1, 1120 + 300, 1500)])
    expect(reports).toEqual([
      expect.objectContaining({ status: 'OVERLOADED', extra_data: { late_checks: 1, max_late_s: 300, threshold_s: ENGINE_LATE_S } }),
    ])
    // Still late a minute later: counted, reported when the window has passed.
    now += 60
    watch.onWritten([result(1, 1500 + 120, 1700)])
    expect(reports).toHaveLength(1)
    now += OVERLOAD_REPORT_S
    watch.onWritten([result(1, 1700 + 90, 1900)])
    expect(reports[1]).toMatchObject({ extra_data: { late_checks: 2, max_late_s: 120 } })
  })

  it('says nothing of passive results, first results and early runs', () => {
    const reports: SystemEvent[] = []
    const watch = createOverloadWatch(
      (e) => reports.push(e),
      () => 0,
    )
    watch.onWritten([result(1, 5000, null), result(1, 9000, null), result(2, 9000, 9060), result(2, 9010, 9070)])
    expect(reports).toEqual([])
  })
})
