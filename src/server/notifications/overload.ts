/**
 * Engine overload (issue 5 system event): checks running late beyond ENGINE_LATE_S. Every active result's
 * state delta carries when it ran (`last_check`) and when the next run is planned (`next_check`), so a
 * run's lateness is its `last_check` minus the `next_check` the previous result of the same object planned.
 * Passive results (no next_check) and early runs (reschedule) say nothing. One OVERLOADED system event at
 * most every OVERLOAD_REPORT_S, naming how late and how many checks were late meanwhile.
 */
import type { FeedDelta } from '../../shared/feed'
import type { SystemEvent } from '../store/event-log'

/** A check starting this much after its planned time means the engine cannot keep up. */
export const ENGINE_LATE_S = 60
export const OVERLOAD_REPORT_S = 15 * 60

export function createOverloadWatch(report: (e: SystemEvent) => void, now = () => Math.floor(Date.now() / 1000)) {
  const planned = new Map<string, number>()
  let reportedAt = -Infinity
  let late = 0
  let worst = 0
  return {
    /** EngineOptions.onWritten */
    onWritten(deltas: FeedDelta[]) {
      for (const d of deltas) {
        if (d.kind !== 'state') continue
        const key = `${d.object}:${d.id}`
        const due = planned.get(key)
        if (d.next_check === null) planned.delete(key)
        else planned.set(key, d.next_check)
        if (due === undefined || d.last_check === null || d.last_check - due <= ENGINE_LATE_S) continue
        late++
        worst = Math.max(worst, d.last_check - due)
      }
      if (late === 0 || now() - reportedAt < OVERLOAD_REPORT_S) return
      report({
        status: 'OVERLOADED',
        message: `Engine overloaded: ${late} checks ran late, up to ${worst} s after their planned time`,
        extra_data: { late_checks: late, max_late_s: worst, threshold_s: ENGINE_LATE_S },
      })
      reportedAt = now()
      late = 0
      worst = 0
    },
  }
}
