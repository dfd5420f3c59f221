/**
 * Performance data series of a host's own check or a resource (issue 3): the keys, and one key's points
 * in a range reduced on the server to at most `points` (min/avg/max per bucket).
 *
 * SPEC §8 "Data and graphs" errors, from the most general to the most specific: an owner that never had
 * performance data is `trending_data_unavailable`; a key that no perfdata label can be is
 * `invalid_perf_data_key` (400); a well-formed key the owner has no series for is `graph_not_found`
 * (404). A range without points is not an error: the graph is drawn empty, so it can still be zoomed out.
 */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { PerfdataResponse, SeriesQuery } from '../../../shared/api/results'
import { ApiError } from '../../../shared/errors'
import { getHost } from '../../store/hosts'
import { getResource } from '../../store/resources'
import { readSeries, seriesOf } from '../../store/perfdata'
import { now } from '../../store/json'

const DAY = 86400

/**
 * Whether `key` can be a perfdata label: plugin output is read line by line (SPEC §3 plugin_output), so a
 * label never holds a line break or another control character, nor starts or ends with a space.
 */
const isPerfLabel = (key: string) => key.trim() === key && [...key].every((ch) => ch >= ' ' && ch !== '\u007f')

export async function perfdataRoutes(app: ZodApp, { store }: RouteDeps) {
  async function answer(
    owner: { hostId: number; resourceId: number | null },
    q: { key?: string; start?: number; end?: number; points: number },
  ) {
    const series = await seriesOf(store.db, owner)
    if (!series.length) throw new ApiError('trending_data_unavailable', owner)
    if (!q.key) return { result: series.map(({ id: _id, ...s }) => s), totalresults: series.length }
    const s = series.find((x) => x.key === q.key)
    if (!s) throw new ApiError(isPerfLabel(q.key) ? 'graph_not_found' : 'invalid_perf_data_key', { key: q.key })
    const t = now()
    const end = q.end ?? t
    const start = q.start ?? end - DAY
    if (start >= end) throw new ApiError('validation_failed', { field: 'start', reason: 'start must be before end' })
    const { id: _id, ...meta } = s
    return { ...meta, start, end, ...(await readSeries(store.db, s.id, start, end, q.points, t)) }
  }
  app.get(
    '/hosts/:id/perfdata',
    { schema: { params: IdParams, querystring: SeriesQuery, response: { 200: PerfdataResponse } } },
    async (req) => {
      const host = await getHost(store.db, req.scope, req.params.id)
      return answer({ hostId: host.id, resourceId: null }, req.query)
    },
  )
  app.get(
    '/resources/:id/perfdata',
    { schema: { params: IdParams, querystring: SeriesQuery, response: { 200: PerfdataResponse } } },
    async (req) => {
      const res = await getResource(store.db, req.scope, req.params.id)
      return answer({ hostId: res.host_id, resourceId: res.id }, req.query)
    },
  )
}
