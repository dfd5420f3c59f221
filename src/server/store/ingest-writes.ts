/**
 * The writes of one batch of check results (engine/ingest.ts decides them), in one transaction: the
 * state_change timeline events, the new host and resource states and the performance data points through
 * the hot path's writer (bulk.ts), then what a state change ends or starts in the same transaction. No query
 * is added to the hot path (bench/engine.ts). The events went through Kysely one by one until issue 18: at
 * 1,000 state changes a second (bench/wall-soak) that was the server's biggest cost (~100 µs a change on
 * SQLite; the server's main thread 71 → 46 s of CPU in a 3-minute run with the writer's prepared statement).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { bulkWriter, RecordColumns } from './bulk'
import type { SeriesCache } from './perfdata'
import type { StateChangeNote } from './action-targets'
import { saveConfigurations, type ConfigurationRead } from './config-backups'
import { saveInventories, type InventoryRead } from './host-assets'
import { writeHostSoftware } from './host-software'
import type { SecretBox } from '../security/secrets'
import type { PerfItem } from '../../shared/perfdata'
import type { FeedDelta } from '../../shared/feed'

/** A host's or resource's state after a result: the columns a state, attempt or flapping change writes. */
export interface StateRow {
  id: number
  state: string
  state_type: string
  current_attempt: number
  plugin_output: string
  extended_output: string
  perfdata: string
  last_check: number | null
  next_check: number | null
  last_state_change: number | null
  last_hard_state_change: number | null
  state_history: string
  is_flapping: number
  percent_state_change: number
  is_stale: number
  updated_time: number
}
export interface ResourceStateRow extends StateRow {
  has_graph: number
}
/**
 * A result that changes nothing but what every check changes (the usual case): only these columns are
 * written, so the state and last_state_change indexes and the state count trigger are left alone
 * (measured on SQLite with 20,000 resources: half the CPU of the full update, or less).
 */
export type SteadyRow = Pick<
  StateRow,
  'id' | 'plugin_output' | 'extended_output' | 'perfdata' | 'last_check' | 'next_check' | 'state_history' | 'updated_time'
>
/** What a check kept for its next run (CheckResult.memo), as JSON (migration 0051). */
export interface MemoRow {
  id: number
  check_memo: string
}
/** A state_change timeline event (SPEC §3 Timeline event); the other columns keep their defaults. */
export interface StateChangeEventRow {
  type: string
  event_class: string
  hostgroup_id: number | null
  host_id: number
  resource_id: number | null
  subject_name: string
  host_name: string
  start_time: number
  display_time: number
  status: string
  state_type: string
  is_flapping: number
  data: string
  message: string
}
interface PointRow {
  series_id: number
  t: number
  v: number | null
}

const STATE_COLUMNS: RecordColumns<StateRow> = {
  id: 'BIGINT',
  state: 'TEXT',
  state_type: 'TEXT',
  current_attempt: 'BIGINT',
  plugin_output: 'TEXT',
  extended_output: 'TEXT',
  perfdata: 'TEXT',
  last_check: 'BIGINT',
  next_check: 'BIGINT',
  last_state_change: 'BIGINT',
  last_hard_state_change: 'BIGINT',
  state_history: 'TEXT',
  is_flapping: 'BIGINT',
  percent_state_change: 'DOUBLE PRECISION',
  is_stale: 'BIGINT',
  updated_time: 'BIGINT',
}
const RESOURCE_COLUMNS: RecordColumns<ResourceStateRow> = { ...STATE_COLUMNS, has_graph: 'BIGINT' }
const STEADY_COLUMNS: RecordColumns<SteadyRow> = {
  id: 'BIGINT',
  plugin_output: 'TEXT',
  extended_output: 'TEXT',
  perfdata: 'TEXT',
  last_check: 'BIGINT',
  next_check: 'BIGINT',
  state_history: 'TEXT',
  updated_time: 'BIGINT',
}
const MEMO_COLUMNS: RecordColumns<MemoRow> = { id: 'BIGINT', check_memo: 'TEXT' }
const EVENT_COLUMNS: RecordColumns<StateChangeEventRow> = {
  type: 'TEXT',
  event_class: 'TEXT',
  hostgroup_id: 'BIGINT',
  host_id: 'BIGINT',
  resource_id: 'BIGINT',
  subject_name: 'TEXT',
  host_name: 'TEXT',
  start_time: 'BIGINT',
  display_time: 'BIGINT',
  status: 'TEXT',
  state_type: 'TEXT',
  is_flapping: 'BIGINT',
  data: 'TEXT',
  message: 'TEXT',
}
const POINT_COLUMNS: RecordColumns<PointRow> = { series_id: 'BIGINT', t: 'BIGINT', v: 'DOUBLE PRECISION' }

/** One result's own writes, in batch order: its perfdata points and, at a state or flapping change, its event. */
export interface ResultWrite {
  owner: { hostId: number; resourceId: number | null }
  at: number
  /** numeric perfdata items (value not null) */
  perf: PerfItem[]
  event: StateChangeEventRow | null
}

interface ResultBatch {
  results: ResultWrite[]
  /** New states, one row per host or resource */
  states: { host: StateRow[]; resource: ResourceStateRow[] }
  /** Steady results (SteadyRow), one row per host or resource that has no row in `states` */
  steady: { host: SteadyRow[]; resource: SteadyRow[] }
  changes: StateChangeNote[]
  /** the device configurations `config-backup` checks read (store/config-backups.ts) */
  configurations: { reads: ConfigurationRead[]; box: SecretBox } | null
  /** the asset sections `inventory` checks collected (store/host-assets.ts) */
  inventories: InventoryRead[]
  /** what the results that keep something for the next run kept (only those: the hot path writes no more) */
  memos: { host: MemoRow[]; resource: MemoRow[] }
}

/**
 * Writes a batch in one transaction. `atStateChanges` runs in it when there are changes (SPEC §4: ending
 * acknowledgements, triggering flexible maintenance). Returns the new event id of each result (null
 * where it has no event) and the deltas of `atStateChanges`. On a rollback the series cache is cleared.
 */
export async function writeResultBatch(
  db: Kysely<Database>,
  writer: ReturnType<typeof bulkWriter>,
  series: SeriesCache,
  batch: ResultBatch,
  atStateChanges: (tx: Kysely<Database>, changes: StateChangeNote[]) => Promise<FeedDelta[]>,
): Promise<{ eventIds: (number | null)[]; deltas: FeedDelta[] }> {
  const deltas: FeedDelta[] = []
  const points = new Map<string, PointRow>()
  const events = batch.results.flatMap((r) => (r.event ? [r.event] : []))
  let ids: number[] = []
  await db
    .transaction()
    .execute(async (tx) => {
      await writer.commitWithoutFlush(tx)
      for (const { owner, at, perf } of batch.results) {
        for (const item of perf) {
          const known = series.id(tx, owner, item)
          const sid = typeof known === 'number' ? known : await known
          points.set(`${sid}:${at}`, { series_id: sid, t: at, v: item.value })
        }
      }
      ids = await writer.insert(tx, 'events', EVENT_COLUMNS, events)
      await writer.update(tx, 'hosts', STATE_COLUMNS, batch.states.host)
      await writer.update(tx, 'resources', RESOURCE_COLUMNS, batch.states.resource)
      await writer.update(tx, 'hosts', STEADY_COLUMNS, batch.steady.host)
      await writer.update(tx, 'resources', STEADY_COLUMNS, batch.steady.resource)
      await writer.update(tx, 'hosts', MEMO_COLUMNS, batch.memos.host)
      await writer.update(tx, 'resources', MEMO_COLUMNS, batch.memos.resource)
      await writer.upsert(tx, 'perf_points', POINT_COLUMNS, ['series_id', 't'], [...points.values()])
      if (batch.changes.length) deltas.push(...(await atStateChanges(tx, batch.changes)))
      if (batch.configurations?.reads.length)
        deltas.push(...(await saveConfigurations(tx, batch.configurations.reads, batch.configurations.box)))
      if (batch.inventories.length) await saveInventories(tx, batch.inventories)
      for (const read of batch.inventories) if (read.packages) await writeHostSoftware(tx, read.hostId, read.packages, read.at)
    })
    .catch((err) => {
      series.clear() // ids created in the rolled-back transaction do not exist
      throw err
    })
  let next = 0
  return { eventIds: batch.results.map((r) => (r.event ? ids[next++] : null)), deltas }
}
