/**
 * Performance data series (issue 3): raw points for RAW_KEEP_S, then 5-minute, hourly and daily
 * min/avg/max rollups. A read returns at most the requested number of points, reduced on the server.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'
import { readJson } from './json'
import type { PerfItem } from '../../shared/perfdata'

export const STEPS = [300, 3600, 86400] as const
/** How long each resolution is kept: raw 3 days, 5-minute 35 days, hourly 400 days, daily for ever. */
export const RAW_KEEP_S = 3 * 86400
const KEEP_S: Record<(typeof STEPS)[number], number> = { 300: 35 * 86400, 3600: 400 * 86400, 86400: Infinity }

/** The start of a `step`-second bucket; the step is a trusted integer, inlined so both databases divide integers. */
const bucket = (step: number) => sql.raw(`(t / ${Math.trunc(step)}) * ${Math.trunc(step)}`)

interface SeriesPoint {
  t: number
  min: number
  avg: number
  max: number
}

type DbTime = number | string | bigint | null

/**
 * When a series' data begins, from the oldest raw point and the oldest rollup of each step (finest first).
 * A rollup's time is its bucket's start, up to a step before the data in it, so a coarser step counts only
 * where it reaches further back than that: it holds data a finer one has dropped with its keep time.
 */
function firstTime(raw: DbTime, byStep: readonly DbTime[]): number | null {
  let first = raw === null ? null : Number(raw)
  STEPS.forEach((step, i) => {
    const t = byStep[i] === null ? null : Number(byStep[i])
    if (t !== null && (first === null || t < first - step)) first = t
  })
  return first
}

export async function seriesOf(db: Kysely<Database>, owner: { hostId: number; resourceId: number | null }) {
  let q = db
    .selectFrom('perf_series')
    .selectAll()
    .select((eb) => [
      eb
        .selectFrom('perf_points')
        .select((e) => e.fn.max('t').as('t'))
        .whereRef('perf_points.series_id', '=', 'perf_series.id')
        .as('last_time'),
      eb
        .selectFrom('perf_points')
        .select((e) => e.fn.min('t').as('t'))
        .whereRef('perf_points.series_id', '=', 'perf_series.id')
        .as('first_raw'),
      // Rollups outlive the raw points: the oldest data is there once the raw keep time has passed.
      ...STEPS.map((step) =>
        eb
          .selectFrom('perf_rollups')
          .select((e) => e.fn.min('t').as('t'))
          .whereRef('perf_rollups.series_id', '=', 'perf_series.id')
          .where('perf_rollups.step', '=', step)
          .as(`first_${step}`),
      ),
    ])
    .where('host_id', '=', owner.hostId)
  q = owner.resourceId === null ? q.where('resource_id', 'is', null) : q.where('resource_id', '=', owner.resourceId)
  const rows = await q.orderBy('label').execute()
  return rows.map((r) => ({
    id: r.id,
    key: r.label,
    unit: r.unit,
    warn: readJson(r.warn, null),
    crit: readJson(r.crit, null),
    min: r.min,
    max: r.max,
    first_time: firstTime(
      r.first_raw,
      STEPS.map((step) => r[`first_${step}`]),
    ),
    last_time: r.last_time === null ? null : Number(r.last_time),
  }))
}

interface Bucket {
  t: number
  min: number
  sum: number
  max: number
  n: number
}

/**
 * Points of one series in [start, end], bucketed so that there are at most about `points` of them
 * (issue 5: a year of one-minute data opens in under a second). The part older than the raw keep time
 * comes from the coarsest rollup that is not coarser than a bucket and still covers the start; the
 * recent part from the raw points, which rollups do not cover yet (their newest bucket is incomplete).
 * A bucket that straddles the two is merged, its average weighted by the number of values.
 */
export async function readSeries(db: Kysely<Database>, seriesId: number, start: number, end: number, points: number, now: number) {
  const wanted = Math.max(1, Math.ceil(Math.max(1, end - start) / points))
  const rawFrom = now - RAW_KEEP_S
  const covering = STEPS.filter((s) => start >= now - KEEP_S[s])
  const source = start >= rawFrom ? 0 : ([...covering].reverse().find((s) => s <= wanted) ?? covering[0])
  // Buckets are whole multiples of the rollup step, so that each rollup falls in exactly one.
  const step = source === 0 ? wanted : Math.ceil(wanted / source) * source
  const [rolled, raw, newest] = await Promise.all([
    source === 0 || start >= rawFrom
      ? { rows: [] }
      : sql<Bucket>`SELECT ${bucket(step)} AS t, MIN(min) AS min, SUM(avg * n) AS sum, MAX(max) AS max, SUM(n) AS n
      FROM perf_rollups WHERE series_id = ${seriesId} AND step = ${source} AND t >= ${start} AND t < ${Math.min(end + 1, rawFrom)} GROUP BY 1`.execute(
          db,
        ),
    end < rawFrom
      ? { rows: [] }
      : sql<Bucket>`SELECT ${bucket(step)} AS t, MIN(v) AS min, SUM(v) AS sum, MAX(v) AS max, COUNT(*) AS n
      FROM perf_points WHERE series_id = ${seriesId} AND t >= ${Math.max(start, rawFrom)} AND t <= ${end} GROUP BY 1`.execute(db),
    end < rawFrom
      ? undefined
      : db
          .selectFrom('perf_points')
          .select('v')
          .where('series_id', '=', seriesId)
          .where('t', '>=', Math.max(start, rawFrom))
          .where('t', '<=', end)
          .orderBy('t', 'desc')
          .limit(1)
          .executeTakeFirst(),
  ])
  const merged = new Map<number, Bucket>()
  for (const r of [...rolled.rows, ...raw.rows]) {
    const b = { t: Number(r.t), min: Number(r.min), sum: Number(r.sum), max: Number(r.max), n: Number(r.n) }
    const had = merged.get(b.t)
    merged.set(
      b.t,
      had ? { t: b.t, min: Math.min(had.min, b.min), sum: had.sum + b.sum, max: Math.max(had.max, b.max), n: had.n + b.n } : b,
    )
  }
  const buckets = [...merged.values()].sort((a, b) => a.t - b.t)
  const out = buckets.map((b): SeriesPoint => ({ t: b.t, min: b.min, avg: b.sum / b.n, max: b.max }))
  return { step, resolution: source === 0 ? 'raw' : String(source), points: out, summary: summaryOf(buckets, newest && Number(newest.v)) }
}

/**
 * The legend's figures over the whole range, from the buckets before they are reduced to points: the mean
 * weighted by the values in each bucket, the newest raw value (a range older than the raw keep time has
 * only rollups: then the mean of its newest bucket).
 */
function summaryOf(buckets: readonly Bucket[], newest: number | undefined) {
  if (!buckets.length) return null
  let [min, max, sum, n] = [Infinity, -Infinity, 0, 0]
  for (const b of buckets) [min, max, sum, n] = [Math.min(min, b.min), Math.max(max, b.max), sum + b.sum, n + b.n]
  const last = buckets[buckets.length - 1]
  return { min, avg: sum / n, max, last: newest ?? last.sum / last.n }
}

/**
 * Builds rollups of complete buckets up to `now` and drops what is past its keep time. Idempotent:
 * a bucket is rebuilt from its source, so a late point is counted the next time round.
 */
export async function rollUp(db: Kysely<Database>, now: number, since: number) {
  await db.transaction().execute(async (tx) => {
    let source: { table: 'perf_points' | 'perf_rollups'; step: number } = { table: 'perf_points', step: 0 }
    for (const step of STEPS) {
      const from = Math.floor(since / step) * step
      const to = Math.floor(now / step) * step // only complete buckets
      if (to > from) {
        await sql`DELETE FROM perf_rollups WHERE step = ${step} AND t >= ${from} AND t < ${to}`.execute(tx)
        if (source.table === 'perf_points') {
          await sql`INSERT INTO perf_rollups (series_id, step, t, min, avg, max, n)
            SELECT series_id, ${step}, ${bucket(step)}, MIN(v), AVG(v), MAX(v), COUNT(*) FROM perf_points
            WHERE t >= ${from} AND t < ${to} GROUP BY series_id, 3`.execute(tx)
        } else {
          await sql`INSERT INTO perf_rollups (series_id, step, t, min, avg, max, n)
            SELECT series_id, ${step}, ${bucket(step)}, MIN(min), SUM(avg * n) / SUM(n), MAX(max), SUM(n) FROM perf_rollups
            WHERE step = ${source.step} AND t >= ${from} AND t < ${to} GROUP BY series_id, 3`.execute(tx)
        }
      }
      source = { table: 'perf_rollups', step }
    }
    await sql`DELETE FROM perf_points WHERE t < ${now - RAW_KEEP_S}`.execute(tx)
    for (const step of STEPS)
      if (Number.isFinite(KEEP_S[step])) await sql`DELETE FROM perf_rollups WHERE step = ${step} AND t < ${now - KEEP_S[step]}`.execute(tx)
  })
}

/** A series and the perfdata item its unit and thresholds were last stored from. */
interface KnownSeries {
  id: number
  item: PerfItem
}

const sameRange = (a: PerfItem['warn'], b: PerfItem['warn']) =>
  a === b || (!!a && !!b && a.start === b.start && a.end === b.end && a.inside === b.inside)
const sameMeta = (a: PerfItem, b: PerfItem) =>
  a.unit === b.unit && a.min === b.min && a.max === b.max && sameRange(a.warn, b.warn) && sameRange(a.crit, b.crit)

/**
 * The series ids of the engine's hot path (engine/ingest.ts): the series of a perfdata label, created on
 * first sight, its thresholds and unit kept current. Known and unchanged (nearly always) it is a number,
 * without a query, an await or JSON to build. clear() after a rollback: ids created in it do not exist.
 */
export function seriesCache() {
  const series = new Map<string, KnownSeries>()

  async function storeSeries(
    tx: Kysely<Database>,
    owner: { hostId: number; resourceId: number | null },
    item: PerfItem,
    key: string,
  ): Promise<number> {
    const { label } = item
    const meta = {
      unit: item.unit,
      warn: item.warn ? JSON.stringify(item.warn) : '',
      crit: item.crit ? JSON.stringify(item.crit) : '',
      min: item.min,
      max: item.max,
    }
    const known = series.get(key)
    let id = known?.id
    if (id === undefined) {
      const { resourceId } = owner
      let q = tx.selectFrom('perf_series').select('id').where('host_id', '=', owner.hostId).where('label', '=', label)
      q = resourceId === null ? q.where('resource_id', 'is', null) : q.where('resource_id', '=', resourceId)
      id = (await q.executeTakeFirst())?.id
      if (id === undefined) {
        id = (
          await tx
            .insertInto('perf_series')
            .values({ host_id: owner.hostId, resource_id: resourceId, label, ...meta })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
        series.set(key, { id, item })
        return id
      }
    }
    await tx.updateTable('perf_series').set(meta).where('id', '=', id).execute()
    series.set(key, { id, item })
    return id
  }

  return {
    id(tx: Kysely<Database>, owner: { hostId: number; resourceId: number | null }, item: PerfItem): number | Promise<number> {
      const key = `${owner.hostId}:${owner.resourceId ?? ''}:${item.label}`
      const known = series.get(key)
      if (known && sameMeta(known.item, item)) return known.id
      return storeSeries(tx, owner, item, key)
    },
    clear() {
      series.clear()
    },
  }
}
export type SeriesCache = ReturnType<typeof seriesCache>
