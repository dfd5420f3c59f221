/**
 * SPEC §3 resource-performance-breakdown ("Graphs"): the performance data (store/perfdata.ts) of a report's hosts
 * (their own check and their resources) or resources over the report's period, one chart per unit of each, the
 * points reduced on the server as the graphs tabs have them (readSeries). Reads only what the caller may see:
 * the report through its scope, the series of its subjects, who are in the report's environment.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { readJson } from './json'
import { getReport } from './reports'
import { readSeries } from './perfdata'
import { REPORT_SUBJECTS_MAX, subjectsOf } from './report-figures'
import { reportSpan } from '../../shared/report-figures/period'
import type { ReportGraph, ReportGraphs, ReportRange } from '../../shared/api/report-configurations'

/** Series one report draws (a time limit on one request); beyond it the answer says `limited`. */
export const REPORT_SERIES_MAX = 100
/** Points per series: a chart across a printed page. */
export const REPORT_GRAPH_POINTS = 300

export async function reportGraphs(db: Kysely<Database>, scope: Scope, id: number, range: ReportRange, now: number): Promise<ReportGraphs> {
  const report = await getReport(db, scope, id)
  const { from, to } = reportSpan(report.period, range, now)
  const { kind, rows: subjects } = await subjectsOf(db, report)
  const ids = subjects.slice(0, REPORT_SUBJECTS_MAX).map((s) => s.id)
  const rows = ids.length
    ? await db
        .selectFrom('perf_series')
        .innerJoin('hosts', 'hosts.id', 'perf_series.host_id')
        .leftJoin('resources', 'resources.id', 'perf_series.resource_id')
        .select([
          'perf_series.id',
          'perf_series.host_id',
          'perf_series.resource_id',
          'perf_series.label',
          'perf_series.unit',
          'perf_series.warn',
          'perf_series.crit',
          'perf_series.min',
          'perf_series.max',
          'hosts.name as host_name',
          'resources.display_name as resource_name',
        ])
        .where(kind === 'host' ? 'perf_series.host_id' : 'perf_series.resource_id', 'in', ids)
        .where('hosts.hostgroup_id', '=', report.hostgroup_id)
        // A host's own check first, then its resources by name.
        .where((eb) => eb.or([eb('perf_series.resource_id', 'is', null), eb('resources.id', 'is not', null)]))
        .orderBy('hosts.name')
        .orderBy('hosts.id')
        .orderBy((eb) => eb.fn.coalesce('resources.display_name', eb.val('')))
        .orderBy('perf_series.resource_id')
        .orderBy('perf_series.label')
        .limit(REPORT_SERIES_MAX + 1)
        .execute()
    : []
  const graphs = new Map<string, ReportGraph>()
  for (const r of rows.slice(0, REPORT_SERIES_MAX)) {
    const owner = r.resource_id === null ? { kind: 'host' as const, id: r.host_id } : { kind: 'resource' as const, id: r.resource_id }
    const key = `${owner.kind}:${owner.id}:${r.unit}`
    const graph = graphs.get(key) ?? { ...owner, host_name: r.host_name, resource_name: r.resource_name, unit: r.unit, step: 0, series: [] }
    // readSeries' end is inclusive; the period ends before `to`.
    const { step, points, summary } = await readSeries(db, r.id, from, to - 1, REPORT_GRAPH_POINTS, now)
    graph.step = Math.max(graph.step, step)
    graph.series.push({ key: r.label, warn: readJson(r.warn, null), crit: readJson(r.crit, null), min: r.min, max: r.max, points, summary })
    graphs.set(key, graph)
  }
  return { report_id: report.id, range, from, to, graphs: [...graphs.values()], limited: rows.length > REPORT_SERIES_MAX }
}
