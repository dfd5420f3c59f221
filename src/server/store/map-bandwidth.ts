/**
 * Values of bandwidth connectors (SPEC §2 "bandwidth connections", issue 7): the latest performance data
 * of each connector's in/out labels, in bits per second, with the time of the point so that the viewer
 * can mark old data as stale. Counters (`c`, octets) become a rate from their last two points.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'
import { chunked } from './action-targets'
import type { Bandwidth } from '../../shared/maps/connector'

/** Bits per second per unit written by plugins (normalised units of src/shared/perfdata.ts, else the uom). */
const BITS_PER: Record<string, number> = {
  '': 1,
  b: 1,
  bps: 1,
  bit: 1,
  bits: 1,
  'b/s': 1,
  Kb: 1e3,
  Kbps: 1e3,
  kbps: 1e3,
  Mb: 1e6,
  Mbps: 1e6,
  Gb: 1e9,
  Gbps: 1e9,
  B: 8,
  Bps: 8,
  'B/s': 8,
  c: 8,
}

type BandwidthValues = Record<string, Record<string, { value: number; t: number }>>

interface Point {
  series_id: number
  t: number
  v: number
}

/** The last two points of each series, by one small indexed read per series, unioned in chunks. */
async function lastPoints(db: Kysely<Database>, seriesIds: number[]): Promise<Map<number, Point[]>> {
  const out = new Map<number, Point[]>()
  for (const part of chunked(seriesIds, 200)) {
    const branches = part.map(
      (id, i) =>
        sql`SELECT * FROM (SELECT series_id, t, v FROM perf_points WHERE series_id = ${id} ORDER BY t DESC LIMIT 2) p${sql.raw(String(i))}`,
    )
    const { rows } = await sql<Point>`${sql.join(branches, sql` UNION ALL `)}`.execute(db)
    for (const r of rows) {
      const p = { series_id: Number(r.series_id), t: Number(r.t), v: Number(r.v) }
      out.set(
        p.series_id,
        [...(out.get(p.series_id) ?? []), p].sort((a, b) => b.t - a.t),
      )
    }
  }
  return out
}

function bitsPerSecond(unit: string, points: Point[]): { value: number; t: number } | null {
  const factor = BITS_PER[unit]
  if (factor === undefined || !points.length) return null
  const [last, previous] = points
  if (unit !== 'c') return { value: last.v * factor, t: last.t }
  // A counter wrapped or reset when it went down: no rate until the next point.
  if (!previous || last.t <= previous.t || last.v < previous.v) return null
  return { value: ((last.v - previous.v) / (last.t - previous.t)) * factor, t: last.t }
}

/** Values for the connectors of resources in the environments the caller may see. */
export async function bandwidthValues(
  db: Kysely<Database>,
  connectors: Bandwidth[],
  environments: readonly number[],
): Promise<BandwidthValues> {
  if (!connectors.length) return {}
  const visible = new Set(environments)
  const labels = new Map<number, Set<string>>()
  for (const c of connectors) labels.set(c.resource_id, (labels.get(c.resource_id) ?? new Set()).add(c.in_key).add(c.out_key))
  const series: { id: number; resource_id: number; label: string; unit: string }[] = []
  for (const part of chunked([...labels.keys()], 500)) {
    const rows = await db
      .selectFrom('perf_series')
      .innerJoin('resources', 'resources.id', 'perf_series.resource_id')
      .select(['perf_series.id', 'perf_series.resource_id', 'perf_series.label', 'perf_series.unit', 'resources.hostgroup_id'])
      .where('perf_series.resource_id', 'in', part)
      .execute()
    for (const r of rows)
      if (r.resource_id !== null && visible.has(r.hostgroup_id) && labels.get(r.resource_id)?.has(r.label))
        series.push({ id: r.id, resource_id: r.resource_id, label: r.label, unit: r.unit })
  }
  const points = await lastPoints(
    db,
    series.map((s) => s.id),
  )
  const out: BandwidthValues = {}
  for (const s of series) {
    const value = bitsPerSecond(s.unit, points.get(s.id) ?? [])
    if (value) (out[String(s.resource_id)] ??= {})[s.label] = value
  }
  return out
}
