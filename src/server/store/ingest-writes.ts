/**
 * The writes of one batch of check results (engine/ingest.ts decides them), in one transaction: the
 * state_change timeline events, the new host and resource states and the performance data points, in
 * multi-row statements (bulk.ts), then what a state change ends or starts in the same transaction.
 * The same statements in the same order as when the engine wrote them itself: no query is added to
 * the hot path (bench/engine.ts).
 */
import type { Insertable, Kysely } from 'kysely'
import type { Database, EventTable } from './db'
import type { bulkWriter, BulkColumn } from './bulk'
import type { SeriesCache } from './perfdata'
import type { StateChangeNote } from './action-targets'
import type { PerfItem } from '../../shared/perfdata'
import type { FeedDelta } from '../../shared/feed'

const STATE_COLUMNS: BulkColumn[] = [
  { name: 'id', type: 'BIGINT' },
  { name: 'state', type: 'TEXT' },
  { name: 'state_type', type: 'TEXT' },
  { name: 'current_attempt', type: 'BIGINT' },
  { name: 'plugin_output', type: 'TEXT' },
  { name: 'extended_output', type: 'TEXT' },
  { name: 'perfdata', type: 'TEXT' },
  { name: 'last_check', type: 'BIGINT' },
  { name: 'next_check', type: 'BIGINT' },
  { name: 'last_state_change', type: 'BIGINT' },
  { name: 'last_hard_state_change', type: 'BIGINT' },
  { name: 'state_history', type: 'TEXT' },
  { name: 'is_flapping', type: 'BIGINT' },
  { name: 'percent_state_change', type: 'DOUBLE PRECISION' },
  { name: 'is_stale', type: 'BIGINT' },
  { name: 'updated_time', type: 'BIGINT' },
]
const RESOURCE_COLUMNS: BulkColumn[] = [...STATE_COLUMNS, { name: 'has_graph', type: 'BIGINT' }]
/**
 * A result that changes nothing but what every check changes (the usual case): only these columns are
 * written, so the state and last_state_change indexes and the state count trigger are left alone
 * (measured on SQLite with 20,000 resources: half the CPU of the full update, or less).
 */
const STEADY_COLUMNS: BulkColumn[] = [
  { name: 'id', type: 'BIGINT' },
  { name: 'plugin_output', type: 'TEXT' },
  { name: 'extended_output', type: 'TEXT' },
  { name: 'perfdata', type: 'TEXT' },
  { name: 'last_check', type: 'BIGINT' },
  { name: 'next_check', type: 'BIGINT' },
  { name: 'state_history', type: 'TEXT' },
  { name: 'updated_time', type: 'BIGINT' },
]
const POINT_COLUMNS: BulkColumn[] = [
  { name: 'series_id', type: 'BIGINT' },
  { name: 't', type: 'BIGINT' },
  { name: 'v', type: 'DOUBLE PRECISION' },
]

/** One result's own writes, in batch order: its perfdata points and, at a state or flapping change, its event. */
export interface ResultWrite {
  owner: { hostId: number; resourceId: number | null }
  at: number
  /** numeric perfdata items (value not null) */
  perf: PerfItem[]
  event: Insertable<EventTable> | null
}

interface ResultBatch {
  results: ResultWrite[]
  /**
   * Rows by id, in the column order of STATE_COLUMNS (id, state, state_type, current_attempt, plugin_output,
   * extended_output, perfdata, last_check, next_check, last_state_change, last_hard_state_change,
   * state_history, is_flapping, percent_state_change, is_stale, updated_time; resources add has_graph).
   */
  states: { host: unknown[][]; resource: unknown[][] }
  /** Rows by id in the column order of STEADY_COLUMNS (id, plugin_output, extended_output, perfdata, last_check, next_check, state_history, updated_time). */
  steady: { host: unknown[][]; resource: unknown[][] }
  changes: StateChangeNote[]
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
  const eventIds: (number | null)[] = []
  const deltas: FeedDelta[] = []
  const points = new Map<string, unknown[]>()
  await db
    .transaction()
    .execute(async (tx) => {
      for (const { owner, at, perf, event } of batch.results) {
        for (const item of perf) {
          const known = series.id(tx, owner, item)
          const sid = typeof known === 'number' ? known : await known
          points.set(`${sid}:${at}`, [sid, at, item.value])
        }
        eventIds.push(event ? (await tx.insertInto('events').values(event).returning('id').executeTakeFirstOrThrow()).id : null)
      }
      await writer.update(tx, 'hosts', STATE_COLUMNS, batch.states.host)
      await writer.update(tx, 'resources', RESOURCE_COLUMNS, batch.states.resource)
      await writer.update(tx, 'hosts', STEADY_COLUMNS, batch.steady.host)
      await writer.update(tx, 'resources', STEADY_COLUMNS, batch.steady.resource)
      await writer.upsert(tx, 'perf_points', POINT_COLUMNS, ['series_id', 't'], [...points.values()])
      if (batch.changes.length) deltas.push(...(await atStateChanges(tx, batch.changes)))
    })
    .catch((err) => {
      series.clear() // ids created in the rolled-back transaction do not exist
      throw err
    })
  return { eventIds, deltas }
}
