/**
 * Decides what a batch of check results writes in its one transaction (store/ingest-writes.ts): the new
 * state (soft/hard, flapping), a state_change timeline event for every change (SPEC §3, HARD/SOFT per
 * SPEC §4) and the performance data points, in multi-row statements (store/bulk.ts). Returns the feed deltas,
 * published only after the commit; a target's in-memory state changes only when the write succeeded,
 * so nothing reported is ever lost.
 */
import type { Kysely } from 'kysely'
import type { Database, Store } from '../store/db'
import type { EventDelta, FeedDelta, StateDelta } from '../../shared/feed'
import type { CheckResult } from './checks/index'
import type { HostState } from '../../shared/enums'
import { bulkWriter } from '../store/bulk'
import { seriesCache } from '../store/perfdata'
import {
  writeResultBatch,
  type MemoRow,
  type ResourceStateRow,
  type ResultWrite,
  type StateRow,
  type SteadyRow,
} from '../store/ingest-writes'
import {
  applyResult,
  hostStateFromCheck,
  reachability,
  updateFlapping,
  type CheckState,
  type FlapThresholds,
  type FlapUpdate,
} from './state/index'
import { stateName, type Target } from './target'
import { endAcknowledgements } from '../store/acknowledgements'
import { triggerFlexibleDowntimes } from './downtimes'
import type { StateChangeNote } from '../store/action-targets'
import type { SecretBox } from '../security/secrets'
import type { ConfigurationRead } from '../store/config-backups'
import type { InventoryRead } from '../store/host-assets'

export interface ResultItem {
  target: Target
  result: CheckResult
  /** unix seconds the result is for */
  at: number
}

interface IngestContext {
  /** current states of a host's parents, for unreachable (SPEC §3 parents) */
  parentStates(hostId: number): HostState[]
  flapThresholds: FlapThresholds
  /** seals the configurations `config-backup` checks read; none: they are not stored (no secrets, no check ran) */
  secretBox: SecretBox | null
}

const MAX_OUTPUT = 8192

/**
 * Whether a result leaves every column but the steady ones (store/ingest-writes.ts) as stored: same state, attempt and change times,
 * flapping as it was, has_graph as it was.
 */
function isSteady(cur: Pick<Target, 'state' | 'flap' | 'hasGraph'>, state: CheckState, flap: FlapUpdate, hasGraph: boolean): boolean {
  const was = cur.state
  return (
    hasGraph === cur.hasGraph &&
    was.status === state.status &&
    was.state_type === state.state_type &&
    was.current_attempt === state.current_attempt &&
    was.last_state_change === state.last_state_change &&
    was.last_hard_state_change === state.last_hard_state_change &&
    flap.is_flapping === cur.flap.is_flapping &&
    flap.percent_state_change === cur.flap.percent_state_change
  )
}

/** How often an unchanged inventory is written again, to keep its "collected" time true to the day. */
const INVENTORY_REWRITE_S = 86_400

export function createIngest(store: Store, ctx: IngestContext) {
  const db = store.db
  const writer = bulkWriter(store)
  const series = seriesCache()
  // An https check reads the same certificate every minute: an unchanged inventory is written again once a day.
  const lastInventory = new Map<number, { json: string; at: number }>()

  return async function ingest(items: ResultItem[]): Promise<FeedDelta[]> {
    // Per result, after the commit: its event delta (id from the write) and its state delta.
    const after: { event: Omit<EventDelta, 'id'> | null; state: StateDelta }[] = []
    // A target may appear twice in one batch: the second result builds on the first.
    const next = new Map<Target, Pick<Target, 'state' | 'flap' | 'hasGraph'>>()
    // Rows by id (a later result of the same target replaces an earlier one), full or steady.
    const rows = { host: new Map<number, StateRow>(), resource: new Map<number, ResourceStateRow>() }
    const steady = { host: new Map<number, SteadyRow>(), resource: new Map<number, SteadyRow>() }
    const results: ResultWrite[] = []
    const changes: StateChangeNote[] = []
    // What config-backup and inventory checks read, written with the batch.
    const configurations: ConfigurationRead[] = []
    const inventories: (InventoryRead & { json: string })[] = []
    // What the checks that keep something for their next run (CheckResult.memo) kept, so that a restart has it too.
    const memos = { host: new Map<number, MemoRow>(), resource: new Map<number, MemoRow>() }
    for (const { target: t, result, at } of items) {
      if (result.memo !== undefined) memos[t.type].set(t.id, { id: t.id, check_memo: JSON.stringify(result.memo) })
      if (result.configuration !== undefined && t.type === 'resource')
        configurations.push({
          target: { object: 'resource', id: t.id, hostId: t.hostId, hostgroupId: t.hostgroupId, name: t.name, hostName: t.hostName },
          at,
          text: result.configuration,
        })
      if (result.inventory !== undefined && t.type === 'resource') {
        const json = JSON.stringify(result.inventory)
        const last = lastInventory.get(t.id)
        if (result.packages || !last || last.json !== json || at - last.at >= INVENTORY_REWRITE_S)
          inventories.push({ hostId: t.hostId, resourceId: t.id, at, inventory: result.inventory, packages: result.packages, json })
      }
      const cur = next.get(t) ?? t
      let status: number = result.status
      if (t.type === 'host') {
        const own = hostStateFromCheck(result.status)
        status = own === 'up' ? 0 : reachability(own, ctx.parentStates(t.hostId)) === 'unreachable' ? 2 : 1
      }
      const { state, change } = applyResult(cur.state, status, at, t.schedule)
      const flap = updateFlapping(cur.flap, status, ctx.flapThresholds)
      if (cur.state.status !== status) changes.push({ object: t.type, id: t.id, problem: status !== 0, at })
      const name = stateName(t.type, status)
      const output = result.output.slice(0, MAX_OUTPUT)
      const numeric = result.perfdata.filter((p) => p.value !== null)
      const nextCheck = t.active ? state.next_check : null
      const longOutput = (result.long_output ?? '').slice(0, MAX_OUTPUT * 4)
      const hasGraph = cur.hasGraph || numeric.length > 0
      const type = t.type
      // A full row of an earlier result in this batch stays full: the steady one would drop its changes.
      if (!rows[type].has(t.id) && !t.isStale && isSteady(cur, state, flap, hasGraph)) {
        steady[type].set(t.id, {
          id: t.id,
          plugin_output: output,
          extended_output: longOutput,
          perfdata: JSON.stringify(result.perfdata),
          last_check: state.last_check,
          next_check: nextCheck,
          state_history: JSON.stringify(flap.history),
          updated_time: at,
        })
      } else {
        steady[type].delete(t.id)
        const row: StateRow = {
          id: t.id,
          state: name,
          state_type: state.state_type,
          current_attempt: state.current_attempt,
          plugin_output: output,
          extended_output: longOutput,
          perfdata: JSON.stringify(result.perfdata),
          last_check: state.last_check,
          next_check: nextCheck,
          last_state_change: state.last_state_change,
          last_hard_state_change: state.last_hard_state_change,
          state_history: JSON.stringify(flap.history),
          is_flapping: flap.is_flapping ? 1 : 0,
          percent_state_change: flap.percent_state_change,
          is_stale: 0,
          updated_time: at,
        }
        if (type === 'resource') rows.resource.set(t.id, { ...row, has_graph: hasGraph ? 1 : 0 })
        else rows.host.set(t.id, row)
      }

      let ev = null
      if (change || flap.started || flap.stopped) {
        ev = {
          type: 'state_change',
          event_class: t.type === 'host' ? 'host_event' : 'resource_check_event',
          hostgroup_id: t.hostgroupId,
          host_id: t.hostId,
          resource_id: t.type === 'resource' ? t.id : null,
          subject_name: t.name,
          host_name: t.hostName,
          start_time: at,
          display_time: at,
          status: name,
          state_type: change?.state_type ?? state.state_type,
          is_flapping: flap.is_flapping ? 1 : 0,
          data: JSON.stringify({
            state: name,
            previous_state: stateName(t.type, change?.from ?? cur.state.status),
            attempt: state.current_attempt,
            flapping: flap.started ? 'started' : flap.stopped ? 'stopped' : undefined,
          }),
          message: output,
        }
      }
      results.push({ owner: { hostId: t.hostId, resourceId: t.type === 'resource' ? t.id : null }, at, perf: numeric, event: ev })
      after.push({
        event: ev && {
          kind: 'event',
          type: ev.type,
          event_class: ev.event_class,
          hostgroup_id: ev.hostgroup_id,
          host_id: ev.host_id,
          resource_id: ev.resource_id,
          subject_name: ev.subject_name,
          host_name: ev.host_name,
          display_time: at,
          status: name,
          state_type: ev.state_type,
          message: output,
        },
        state: {
          kind: 'state',
          object: t.type,
          id: t.id,
          host_id: t.hostId,
          hostgroup_id: t.hostgroupId,
          name: t.name,
          host_name: t.hostName,
          state: name,
          state_type: state.state_type,
          current_attempt: state.current_attempt,
          plugin_output: output,
          last_check: state.last_check,
          next_check: nextCheck,
          last_state_change: state.last_state_change,
          is_flapping: flap.is_flapping,
          is_stale: false,
        },
      })
      next.set(t, {
        state,
        flap: { history: flap.history, is_flapping: flap.is_flapping, percent_state_change: flap.percent_state_change },
        hasGraph,
      })
    }
    // SPEC §4: a state change ends acknowledgements and triggers flexible maintenance, in the batch's transaction.
    const atStateChanges = async (tx: Kysely<Database>, changed: StateChangeNote[]) => [
      ...(await endAcknowledgements(tx, changed)),
      ...(await triggerFlexibleDowntimes(tx, changed)),
    ]
    const written = await writeResultBatch(
      db,
      writer,
      series,
      {
        results,
        states: { host: [...rows.host.values()], resource: [...rows.resource.values()] },
        steady: { host: [...steady.host.values()], resource: [...steady.resource.values()] },
        changes,
        configurations: ctx.secretBox ? { reads: configurations, box: ctx.secretBox } : null,
        inventories,
        memos: { host: [...memos.host.values()], resource: [...memos.resource.values()] },
      },
      atStateChanges,
    )
    const deltas: FeedDelta[] = []
    after.forEach(({ event, state }, i) => {
      if (event) deltas.push({ ...event, id: written.eventIds[i]! })
      deltas.push(state)
    })
    deltas.push(...written.deltas)
    for (const read of inventories) lastInventory.set(read.resourceId, { json: read.json, at: read.at })
    for (const [t, s] of next) {
      t.state = s.state
      t.flap = s.flap
      t.hasGraph = s.hasGraph
      t.isStale = false
    }
    return deltas
  }
}
