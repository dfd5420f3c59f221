import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { axisBottom, axisLeft, brushX, pointer, select } from 'd3'
import { formatValue } from '../../shared/format'
import { RESIZE_DEBOUNCE_MS } from '../../shared/constants'
import {
  graphScales,
  isBand,
  isWithin,
  nearestPoint,
  nearestTime,
  runsOf,
  stepTime,
  timesOf,
  timeTickLabel,
  valueDomain,
  type GraphPoint,
  type GraphSeries,
} from './scales'

/** Each series' point nearest to the read-out's time (series without points are left out). */
export type ReadoutPoints = readonly { name: string; point: GraphPoint }[]

export interface GraphProps {
  /** Accessible name: what is drawn, how many points, which range. */
  label: string
  unit: string
  /** The lines drawn, all in `unit`. */
  series: readonly GraphSeries[]
  /** Seconds per point (gaps of more than two steps are not bridged). */
  step: number
  /** The range drawn, unix seconds. */
  start: number
  end: number
  warn: readonly number[]
  crit: readonly number[]
  /** Brushing across the graph asks for a narrower range. */
  onZoom?(range: { start: number; end: number }): void
  /** Double-click goes back to the range before zooming. */
  onResetZoom?(): void
  /** The read-out at the pointer's (or the keyboard's) time, unix seconds. */
  readout(t: number, points: ReadoutPoints): string
  height?: number
}
const MARGIN = { top: 8, right: 12, bottom: 24, left: 72 }
const MIN_BRUSH_PX = 4

function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback
}

/**
 * A performance-data graph (SPEC §2 graphs tabs): time and value axes (with units), warn and crit lines, each
 * series' average as a line and a min/max band where buckets combine values, a read-out of every series at
 * the pointer (or, with the graph focused, at the time the arrow keys step to) and zoom by brushing. The
 * series are drawn on a canvas (a year holds ~1000 buckets each); axes, lines, marker and brush are SVG.
 */
export function Graph({ label, unit, series, step, start, end, warn, crit, onZoom, onResetZoom, readout, height = 180 }: GraphProps) {
  const lng = useTranslation().i18n.language
  const box = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const svg = useRef<SVGSVGElement>(null)
  const [width, setWidth] = useState(600)
  const [at, setAt] = useState<number | undefined>()
  // Callbacks and threshold lists may be new objects on every render; the drawing depends on their content.
  const handlers = useRef({ onZoom, onResetZoom })
  handlers.current = { onZoom, onResetZoom }
  const lineKey = `${warn.join(',')}|${crit.join(',')}`
  const canZoom = onZoom !== undefined

  useEffect(() => {
    const el = box.current
    if (!el) return
    const measure = () => setWidth(Math.max(200, el.clientWidth || 600))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    // SPEC §9 "Resize re-layout debounce 100 ms": a window dragged wider redraws the graph once it settles.
    let settle: ReturnType<typeof setTimeout> | undefined
    const observer = new ResizeObserver(() => {
      clearTimeout(settle)
      settle = setTimeout(measure, RESIZE_DEBOUNCE_MS)
    })
    observer.observe(el)
    return () => {
      clearTimeout(settle)
      observer.disconnect()
    }
  }, [])

  const innerW = width - MARGIN.left - MARGIN.right
  const innerH = height - MARGIN.top - MARGIN.bottom
  const domain = useMemo(
    () =>
      valueDomain(
        series.flatMap((s) => s.points),
        [...warn, ...crit],
      ),
    // warn and crit are in lineKey
    [series, lineKey],
  )
  const { x, y, ticks } = useMemo(() => graphScales(start, end, domain, innerW, innerH, unit), [start, end, domain, innerW, innerH, unit])
  const times = useMemo(() => timesOf(series), [series])

  useEffect(() => {
    const root = select(svg.current!)
    root.selectAll('*').remove()
    const plot = root.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`)
    plot
      .append('g')
      .attr('transform', `translate(0,${innerH})`)
      .call(
        axisBottom(x)
          .ticks(Math.max(2, Math.floor(innerW / 90)))
          .tickFormat((d) => timeTickLabel(d as Date)),
      )
    plot.append('g').call(
      axisLeft(y)
        .tickValues(ticks)
        .tickFormat((v) => formatValue(Number(v), unit, lng)),
    )
    // Series of one chart often share thresholds: one line each.
    const lines = [...[...new Set(warn)].map((v) => ['warn', v] as const), ...[...new Set(crit)].map((v) => ['crit', v] as const)]
    for (const [kind, v] of lines.filter(([, v]) => isWithin(domain, v))) {
      plot
        .append('line')
        .attr('x1', 0)
        .attr('x2', innerW)
        .attr('y1', y(v))
        .attr('y2', y(v))
        .attr('stroke', kind === 'warn' ? cssColor('--bs-warning', '#ffc107') : cssColor('--bs-danger', '#dc3545'))
        .attr('stroke-dasharray', '6 4')
        .attr('stroke-width', 1.5)
        .attr('data-threshold', kind)
    }
    const brush = brushX()
      .extent([
        [0, 0],
        [innerW, innerH],
      ])
      .on('end', (ev: { selection: [number, number] | null }) => {
        if (!ev.selection) return
        const [a, b] = ev.selection
        plot.select<SVGGElement>('.brush').call(brush.move, null)
        if (b - a >= MIN_BRUSH_PX)
          handlers.current.onZoom?.({ start: Math.floor(x.invert(a).getTime() / 1000), end: Math.ceil(x.invert(b).getTime() / 1000) })
      })
    if (canZoom) plot.append('g').attr('class', 'brush').call(brush)
    root.on('pointermove', (ev: PointerEvent) => {
      const [mx] = pointer(ev, plot.node())
      const t = nearestTime(times, x.invert(mx).getTime() / 1000)
      if (t !== undefined && mx >= 0 && mx <= innerW) setAt(t)
    })
    root.on('pointerleave', () => setAt(undefined))
    root.on('dblclick', () => handlers.current.onResetZoom?.())

    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return // no canvas (e.g. a DOM without one): axes and read-out still work
    const dpr = window.devicePixelRatio || 1
    canvas.current!.width = innerW * dpr
    canvas.current!.height = innerH * dpr
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.clearRect(0, 0, innerW, innerH)
    const px = (p: GraphPoint) => x(p.t * 1000)
    for (const { points, color } of series)
      for (const run of runsOf(points, step)) {
        if (run.some(isBand)) {
          ctx.beginPath()
          run.forEach((p, i) => (i ? ctx.lineTo(px(p), y(p.max)) : ctx.moveTo(px(p), y(p.max))))
          for (const p of [...run].reverse()) ctx.lineTo(px(p), y(p.min))
          ctx.closePath()
          ctx.globalAlpha = series.length > 1 ? 0.12 : 0.2
          ctx.fillStyle = color
          ctx.fill()
          ctx.globalAlpha = 1
        }
        ctx.beginPath()
        run.forEach((p, i) => (i ? ctx.lineTo(px(p), y(p.avg)) : ctx.moveTo(px(p), y(p.avg))))
        ctx.strokeStyle = color
        ctx.fillStyle = color
        ctx.lineWidth = 1.5
        if (run.length === 1) ctx.fillRect(px(run[0]) - 1.5, y(run[0].avg) - 1.5, 3, 3)
        else ctx.stroke()
      }
    // warn and crit are in lineKey; x, y and ticks follow start, end, domain and the size
  }, [series, times, step, x, y, ticks, domain, lineKey, unit, lng, innerW, innerH, canZoom])

  const shown = (at === undefined ? [] : series).flatMap(({ name, color, points }) => {
    const point = nearestPoint(points, at!)
    return point ? [{ name, color, point }] : []
  })
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') return setAt(undefined)
    const next = stepTime(times, at, e.key)
    if (next === undefined) return
    e.preventDefault()
    setAt(next)
  }
  return (
    <div>
      <div
        ref={box}
        role="img"
        aria-label={label}
        tabIndex={times.length ? 0 : undefined}
        onKeyDown={onKeyDown}
        onBlur={() => setAt(undefined)}
        style={{ position: 'relative', height }}
      >
        <canvas ref={canvas} style={{ position: 'absolute', left: MARGIN.left, top: MARGIN.top, width: innerW, height: innerH }} />
        <svg ref={svg} width={width} height={height} style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }} />
        {at !== undefined && (
          <svg width={width} height={height} aria-hidden="true" style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }}>
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              <line x1={x(at * 1000)} x2={x(at * 1000)} y1={0} y2={innerH} stroke="currentColor" strokeOpacity={0.4} />
              {shown.map(({ name, color, point }) => (
                <circle key={name} r={3} cx={x(point.t * 1000)} cy={y(point.avg)} fill={color} />
              ))}
            </g>
          </svg>
        )}
      </div>
      <div className="small text-body-secondary" role="status" style={{ minHeight: '1.5em' }}>
        {at === undefined ? '' : readout(at, shown)}
      </div>
    </div>
  )
}
