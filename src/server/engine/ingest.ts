/**
 * Writes a batch of check results in one transaction: the new state (soft/hard, flapping), a
 * state_change timeline event for every change (SPEC §3, HARD/SOFT per SPEC §4) and the performance
 * data points. Returns the feed deltas, which are published only after the commit. A target's
 * in-memory state is updated only when the write succeeded, so nothing reported is ever lost.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../store/db'
import type { FeedDelta } from '../../shared/feed'
import type { CheckResult } from './checks/index'
import type { PerfItem } from '../../shared/perfdata'
import { applyResult, hostStateFromCheck, reachability, updateFlapping, type FlapThresholds } from './state/index'
import { stateName, type Target } from './target'
import type { HostState } from '../../shared/enums'

export interface ResultItem {
  target: Target
  result: CheckResult
  /** unix seconds the result is for */
  at: number
}

export interface IngestContext {
  /** current states of a host's parents, for unreachable (SPEC §3 parents) */
  parentStates(hostId: number): HostState[]
  flapThresholds: FlapThresholds
}

const MAX_OUTPUT = 8192

async function seriesId(tx: Transaction<Database>, cache: Map<string, number>, t: Target, item: PerfItem, at: number) {
  const resourceId = t.type === 'resource' ? t.id : null
  const key = `${t.hostId}:${resourceId ?? ''}:${item.label}`
  const known = cache.get(key)
  const meta = { unit: item.unit, warn: item.warn ? JSON.stringify(item.warn) : '', crit: item.crit ? JSON.stringify(item.crit) : '', min: item.min, max: item.max, last_time: at }
  if (known !== undefined) {
    await tx.updateTable('perf_series').set(meta).where('id', '=', known).execute()
    return known
  }
  let q = tx.selectFrom('perf_series').select('id').where('host_id', '=', t.hostId).where('label', '=', item.label)
  q = resourceId === null ? q.where('resource_id', 'is', null) : q.where('resource_id', '=', resourceId)
  const row = await q.executeTakeFirst()
  const id = row
    ? (await tx.updateTable('perf_series').set(meta).where('id', '=', row.id).execute(), row.id)
    : (await tx.insertInto('perf_series').values({ host_id: t.hostId, resource_id: resourceId, label: item.label, ...meta }).returning('id').executeTakeFirstOrThrow()).id
  cache.set(key, id)
  return id
}

export function createIngest(db: Kysely<Database>, ctx: IngestContext) {
  const seriesCache = new Map<string, number>()

  return async function ingest(items: ResultItem[]): Promise<FeedDelta[]> {
    const deltas: FeedDelta[] = []
    // A target may appear twice in one batch: the second result builds on the first.
    const next = new Map<Target, Pick<Target, 'state' | 'flap'>>()
    await db.transaction().execute(async (tx) => {
      for (const { target: t, result, at } of items) {
        const cur = next.get(t) ?? t
        let status: number = result.status
        if (t.type === 'host') {
          const own = hostStateFromCheck(result.status)
          status = own === 'up' ? 0 : reachability(own, ctx.parentStates(t.hostId)) === 'unreachable' ? 2 : 1
        }
        const { state, change } = applyResult(cur.state, status, at, t.schedule)
        const flap = updateFlapping(cur.flap, status, ctx.flapThresholds)
        const name = stateName(t.type, status)
        const output = result.output.slice(0, MAX_OUTPUT)
        const numeric = result.perfdata.filter((p) => p.value !== null)
        const row = {
          state: name, state_type: state.state_type, current_attempt: state.current_attempt, plugin_output: output,
          extended_output: (result.long_output ?? '').slice(0, MAX_OUTPUT * 4), perfdata: JSON.stringify(result.perfdata),
          last_check: state.last_check, next_check: t.active ? state.next_check : null, last_state_change: state.last_state_change,
          last_hard_state_change: state.last_hard_state_change, state_history: JSON.stringify(flap.history),
          is_flapping: flap.is_flapping ? 1 : 0, percent_state_change: flap.percent_state_change, is_stale: 0, updated_time: at,
        }
        if (t.type === 'host') await tx.updateTable('hosts').set(row).where('id', '=', t.id).execute()
        else await tx.updateTable('resources').set({ ...row, ...(numeric.length ? { has_graph: 1 } : {}) }).where('id', '=', t.id).execute()

        for (const item of numeric) {
          const sid = await seriesId(tx, seriesCache, t, item, at)
          await tx.insertInto('perf_points').values({ series_id: sid, t: at, v: item.value! }).onConflict((oc) => oc.columns(['series_id', 't']).doUpdateSet({ v: item.value! })).execute()
        }

        const event = change || flap.started || flap.stopped
        if (event) {
          const ev = {
            type: 'state_change', event_class: t.type === 'host' ? 'host_event' : 'resource_check_event', hostgroup_id: t.hostgroupId,
            host_id: t.hostId, resource_id: t.type === 'resource' ? t.id : null, subject_name: t.name, host_name: t.hostName,
            start_time: at, display_time: at, status: name, state_type: change?.state_type ?? state.state_type, is_flapping: flap.is_flapping ? 1 : 0,
            data: JSON.stringify({ state: name, previous_state: stateName(t.type, change?.from ?? cur.state.status), attempt: state.current_attempt, flapping: flap.started ? 'started' : flap.stopped ? 'stopped' : undefined }),
            message: output,
          }
          const { id } = await tx.insertInto('events').values(ev).returning('id').executeTakeFirstOrThrow()
          deltas.push({ kind: 'event', id, type: ev.type, event_class: ev.event_class, hostgroup_id: ev.hostgroup_id, host_id: ev.host_id, resource_id: ev.resource_id, subject_name: ev.subject_name, host_name: ev.host_name, display_time: at, status: name, state_type: ev.state_type, message: output })
        }
        deltas.push({
          kind: 'state', object: t.type, id: t.id, host_id: t.hostId, hostgroup_id: t.hostgroupId, name: t.name, host_name: t.hostName,
          state: name, state_type: state.state_type, current_attempt: state.current_attempt, plugin_output: output, last_check: state.last_check,
          next_check: row.next_check, last_state_change: state.last_state_change, is_flapping: flap.is_flapping, is_stale: false,
        })
        next.set(t, { state, flap: { history: flap.history, is_flapping: flap.is_flapping, percent_state_change: flap.percent_state_change } })
      }
    }).catch((err) => {
      seriesCache.clear() // ids created in the rolled-back transaction do not exist
      throw err
    })
    for (const [t, s] of next) {
      t.state = s.state
      t.flap = s.flap
      t.isStale = false
    }
    return deltas
  }
}
