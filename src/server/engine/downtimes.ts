/**
 * Maintenance in the engine (SPEC §1 "fixed or flexible", §4 Maintenance), with Nagios semantics:
 * - a fixed maintenance is in effect from its start to its end;
 * - a flexible one waits in its window [start, end] for the object to be in a non-OK state (entering one,
 *   or already in one when the window opens), then is in effect for `duration` seconds, possibly past the
 *   window's end; never triggered, it is over at the end of the window.
 * The rules are pure functions of (downtime, now). The timer (due-timer.ts) sleeps until the next moment a
 * maintenance starts or ends and applies what is due in one transaction.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../store/db'
import type { FeedDelta } from '../../shared/feed'
import { activeDowntimes, applyDowntimeChanges, applyDueDowntimes, type ActiveDowntime, type DowntimeChange } from '../store/downtimes'
import { isProblem, rowKey, targetKey, type StateChangeNote } from '../store/action-targets'
import { createDueTimer } from './due-timer'

export type DowntimeTimes = Pick<ActiveDowntime, 'status' | 'start_time' | 'end_time' | 'is_flexible' | 'duration' | 'actual_end'>

type Due = { to: 'STARTED'; actual_start: number; actual_end: number } | { to: 'STOPPED'; actual_end: number | null }

/** What is due for a maintenance at `now` (unix seconds), given whether its object is in a non-OK state. */
export function dueChange(d: DowntimeTimes, now: number, inProblem: boolean): Due | null {
  if (d.status === 'STARTED') return now >= (d.actual_end ?? d.end_time) ? { to: 'STOPPED', actual_end: d.actual_end ?? now } : null
  if (d.status !== 'SCHEDULED') return null
  if (!d.is_flexible) {
    if (now >= d.end_time) return { to: 'STOPPED', actual_end: null } // the whole window passed while Vigil was down
    return now >= d.start_time ? { to: 'STARTED', actual_start: now, actual_end: d.end_time } : null
  }
  if (now >= d.start_time && now <= d.end_time && inProblem) return { to: 'STARTED', actual_start: now, actual_end: now + d.duration }
  return now > d.end_time ? { to: 'STOPPED', actual_end: null } : null
}

/** The next moment (unix seconds) something may be due for a maintenance, null when never. */
export function nextDueAt(d: DowntimeTimes, now: number): number | null {
  if (d.status === 'STARTED') return d.actual_end ?? d.end_time
  if (d.status !== 'SCHEDULED') return null
  if (now < d.start_time) return d.start_time
  // Past the start a fixed one is due at its end; an untriggered flexible one expires just after it.
  return d.is_flexible ? d.end_time + 1 : d.end_time
}

/**
 * The flexible trigger, in the engine's result transaction: objects that entered a non-OK state start
 * their flexible maintenances whose window holds the moment of the change.
 */
export async function triggerFlexibleDowntimes(tx: Kysely<Database>, changes: StateChangeNote[]): Promise<FeedDelta[]> {
  const entered = changes.filter((c) => c.problem)
  if (!entered.length) return []
  const firstAt = new Map<string, number>()
  for (const c of entered) if (!firstAt.has(targetKey(c))) firstAt.set(targetKey(c), c.at)
  const due: DowntimeChange[] = []
  for (const row of await activeDowntimes(tx, entered)) {
    if (!row.is_flexible || row.status !== 'SCHEDULED') continue
    const at = firstAt.get(rowKey(row))!
    const d = dueChange(row, at, true)
    if (d?.to === 'STARTED') due.push({ row, ...d })
  }
  return due.length ? applyDowntimeChanges(tx, due, Math.max(...entered.map((c) => c.at))) : []
}

interface DowntimeTimerDeps {
  db: Kysely<Database>
  publish(deltas: FeedDelta[]): void
  onError(err: unknown): void
}

export function createDowntimeTimer({ db, publish, onError }: DowntimeTimerDeps) {
  return createDueTimer({
    onError,
    async tick() {
      const now = Math.floor(Date.now() / 1000)
      const due: DowntimeChange[] = []
      let next = Infinity
      for (const row of await activeDowntimes(db)) {
        const d = dueChange(row, now, isProblem(row.object_state))
        if (d) due.push({ row, ...d })
        const after = d ? { ...row, status: d.to, actual_end: d.actual_end } : row
        next = Math.min(next, nextDueAt(after, now) ?? Infinity)
      }
      if (due.length) publish(await applyDueDowntimes(db, due, now))
      return next
    },
  })
}
