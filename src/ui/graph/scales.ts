/**
 * Scales, ticks and read-outs of a performance-data graph, as plain functions over the series the server
 * returns (`{t, min, avg, max}` buckets, src/server/store/perfdata.ts). Values are in the series' normalised
 * unit; byte axes tick at 1024 multiples (SPEC §9 "Bytes base 1024").
 */
import { bisector, scaleLinear, scaleTime, ticks as d3ticks, timeFormat } from 'd3'
import type { ThresholdRange } from '../../shared/thresholds'

export interface GraphPoint {
  t: number
  min: number
  avg: number
  max: number
}

/** One line of a graph: several series of one unit share a chart (issue 17), each in its own colour. */
export interface GraphSeries {
  name: string
  points: readonly GraphPoint[]
  color: string
}

/** Distinct on light and dark themes, and none of them the warning orange or critical red of the threshold lines. */
const SERIES_COLORS = ['#0d6efd', '#20c997', '#6f42c1', '#d63384', '#6c757d', '#0dcaf0', '#198754', '#6610f2']

/** The colour of the `i`th series of a chart, repeating after eight. */
export const seriesColor = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length]

/** The times of all series of a chart, ascending and each once: where the keyboard read-out steps. */
export function timesOf(series: readonly GraphSeries[]): number[] {
  return [...new Set(series.flatMap((s) => s.points.map((p) => p.t)))].sort((a, b) => a - b)
}

/** A downsampled bucket combines several values: its min/max band is drawn. */
export const isBand = (p: GraphPoint) => p.max > p.min

/**
 * The values a warn or crit range draws lines at (Nagios "Threshold and ranges"): its finite bounds,
 * except the implicit start 0 of a plain `10` or `10:20`-style range, which is the usual floor.
 */
export function thresholdValues(range: ThresholdRange | null | undefined): number[] {
  if (!range) return []
  const values: number[] = []
  if (range.start !== null && (range.start !== 0 || range.inside)) values.push(range.start)
  if (range.end !== null) values.push(range.end)
  return values
}

/**
 * The value axis covers the data and zero (for non-negative data), never a flat line, and the threshold
 * lines that lie near the data (within twice its extent): a 500 ms critical line must not flatten a
 * 1 ms response time; far-off thresholds are named below the graph instead.
 */
export function valueDomain(points: readonly GraphPoint[], lines: readonly number[] = []): [number, number] {
  const data = points.flatMap((p) => [p.min, p.max]).filter(Number.isFinite)
  let lo = data.length ? Math.min(0, ...data) : 0
  let hi = data.length ? Math.max(...data) : 1
  const near = lines.filter((v) => Number.isFinite(v) && v <= Math.max(hi, 0) * 2 && v >= Math.min(lo, 0) * 2)
  lo = Math.min(lo, ...near)
  hi = Math.max(hi, ...near)
  if (hi === lo) hi = lo + (Math.abs(lo) || 1)
  return [lo, hi]
}

/** Whether a threshold line falls inside the value axis (and so is drawn). */
export const isWithin = (domain: readonly [number, number], v: number) => v >= domain[0] && v <= domain[1]

/** Value ticks; for bytes at round multiples of the 1024 unit the axis shows (0, 256 MB, 512 MB, …). */
export function valueTicks(domain: readonly [number, number], unit: string, count = 5): number[] {
  if (unit !== 'B') return scaleLinear().domain(domain).nice(count).ticks(count)
  const extent = Math.max(Math.abs(domain[0]), Math.abs(domain[1]))
  // The largest 1024 unit that still has two or more of itself on the axis: 1 GB ticks as 200 MB steps.
  let base = 1
  while (extent / (base * 1024) >= 2) base *= 1024
  return d3ticks(domain[0] / base, domain[1] / base, count).map((v) => v * base)
}

/** x in pixels of unix seconds, y in pixels of values (origin top left, as canvas and SVG draw). */
export function graphScales(start: number, end: number, domain: readonly [number, number], width: number, height: number, unit = '') {
  const ticks = valueTicks(domain, unit)
  const lo = Math.min(domain[0], ticks[0] ?? domain[0])
  const hi = Math.max(domain[1], ticks[ticks.length - 1] ?? domain[1])
  return {
    x: scaleTime()
      .domain([new Date(start * 1000), new Date(end * 1000)])
      .range([0, width]),
    y: scaleLinear().domain([lo, hi]).range([height, 0]),
    ticks,
  }
}

const byTime = bisector((p: GraphPoint) => p.t)
const ascending = bisector((t: number) => t)

/** The time in `times` (ascending) nearest to `t`; undefined for none. */
export function nearestTime(times: readonly number[], t: number): number | undefined {
  if (!times.length) return undefined
  return times[Math.max(0, Math.min(times.length - 1, ascending.center(times, t)))]
}

/** The point nearest to unix time `t` (the hover read-out); undefined for no points. */
export function nearestPoint(points: readonly GraphPoint[], t: number): GraphPoint | undefined {
  if (!points.length) return undefined
  const i = byTime.center(points, t)
  return points[Math.max(0, Math.min(points.length - 1, i))]
}

/**
 * Runs of points without a gap, each drawn as one line and one band: missing data is not bridged. A gap
 * is more than twice the usual spacing of the points (the check interval when buckets are finer than
 * it) or of the bucket step, whichever is larger.
 */
export function runsOf(points: readonly GraphPoint[], step: number): GraphPoint[][] {
  const gaps = points
    .slice(1)
    .map((p, i) => p.t - points[i].t)
    .sort((a, b) => a - b)
  const usual = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0
  const limit = 2 * Math.max(step, usual, 1)
  const runs: GraphPoint[][] = []
  for (const p of points) {
    const run = runs[runs.length - 1]
    if (run && p.t - run[run.length - 1].t <= limit) run.push(p)
    else runs.push([p])
  }
  return runs
}

const hm = timeFormat('%H:%M')
const dm = timeFormat('%d-%m')
const year = timeFormat('%Y')

/** Time-axis labels in 24-hour time and the DD-MM order of SPEC §9, at the coarsest unit that changes. */
export function timeTickLabel(d: Date): string {
  if (d.getHours() !== 0 || d.getMinutes() !== 0) return hm(d)
  if (d.getDate() !== 1 || d.getMonth() !== 0) return dm(d)
  return year(d)
}

/** Where a key moves the keyboard read-out: the arrows to the neighbouring time, Home and End to the ends; undefined for other keys. */
export function stepTime(times: readonly number[], at: number | undefined, key: string): number | undefined {
  if (!times.length) return undefined
  const [first, last] = [times[0], times[times.length - 1]]
  switch (key) {
    case 'Home':
      return first
    case 'End':
      return last
    case 'ArrowRight':
      return at === undefined ? first : (times.find((t) => t > at) ?? last)
    case 'ArrowLeft':
      return at === undefined ? last : (times.findLast((t) => t < at) ?? first)
    default:
      return undefined
  }
}
