import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { axisBottom, axisLeft, brushX, pointer, select } from 'd3'
import { formatValue } from '../../shared/format'
import { graphScales, isBand, isWithin, nearestPoint, runsOf, timeTickLabel, valueDomain, type GraphPoint } from './scales'

export interface GraphProps {
  /** Accessible name: what is drawn, how many points, which range. */
  label: string
  unit: string
  points: readonly GraphPoint[]
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
  /** The hover read-out of one point. */
  readout(point: GraphPoint): string
  height?: number
}

const MARGIN = { top: 8, right: 12, bottom: 24, left: 72 }
const MIN_BRUSH_PX = 4

function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback
}

/**
 * A performance-data graph (SPEC §2 graphs tabs): time and value axes (with units), warn and crit lines,
 * the average as a line and a min/max band where buckets combine values, a hover read-out and zoom by
 * brushing. The series is drawn on a canvas (a year holds ~1000 buckets); axes, lines and the brush are SVG.
 */
export function Graph({ label, unit, points, step, start, end, warn, crit, onZoom, onResetZoom, readout, height = 180 }: GraphProps) {
  const lng = useTranslation().i18n.language
  const box = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const svg = useRef<SVGSVGElement>(null)
  const [width, setWidth] = useState(600)
  const [hover, setHover] = useState<GraphPoint | undefined>()
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
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  const innerW = width - MARGIN.left - MARGIN.right
  const innerH = height - MARGIN.top - MARGIN.bottom

  useEffect(() => {
    const domain = valueDomain(points, [...warn, ...crit])
    const { x, y, ticks } = graphScales(start, end, domain, innerW, innerH, unit)
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
    const lines = [...warn.map((v) => ['warn', v] as const), ...crit.map((v) => ['crit', v] as const)].filter(([, v]) =>
      isWithin(domain, v),
    )
    for (const [kind, v] of lines) {
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
    const marker = plot.append('g').style('display', 'none')
    marker.append('line').attr('y1', 0).attr('y2', innerH).attr('stroke', 'currentColor').attr('stroke-opacity', 0.4)
    marker.append('circle').attr('r', 3).attr('fill', cssColor('--bs-primary', '#0d6efd'))
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
      const p = nearestPoint(points, x.invert(mx).getTime() / 1000)
      if (!p || mx < 0 || mx > innerW) return
      marker.style('display', null)
      marker
        .select('line')
        .attr('x1', x(p.t * 1000))
        .attr('x2', x(p.t * 1000))
      marker
        .select('circle')
        .attr('cx', x(p.t * 1000))
        .attr('cy', y(p.avg))
      setHover(p)
    })
    root.on('pointerleave', () => {
      marker.style('display', 'none')
      setHover(undefined)
    })
    root.on('dblclick', () => handlers.current.onResetZoom?.())

    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return // no canvas (e.g. a DOM without one): axes and read-out still work
    const dpr = window.devicePixelRatio || 1
    canvas.current!.width = innerW * dpr
    canvas.current!.height = innerH * dpr
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.clearRect(0, 0, innerW, innerH)
    const color = cssColor('--bs-primary', '#0d6efd')
    for (const run of runsOf(points, step)) {
      const px = (p: GraphPoint) => x(p.t * 1000)
      if (run.some(isBand)) {
        ctx.beginPath()
        run.forEach((p, i) => (i ? ctx.lineTo(px(p), y(p.max)) : ctx.moveTo(px(p), y(p.max))))
        for (const p of [...run].reverse()) ctx.lineTo(px(p), y(p.min))
        ctx.closePath()
        ctx.globalAlpha = 0.2
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
    // warn and crit are in lineKey
  }, [points, step, start, end, lineKey, unit, lng, innerW, innerH, canZoom])

  return (
    <div>
      <div ref={box} role="img" aria-label={label} style={{ position: 'relative', height }}>
        <canvas ref={canvas} style={{ position: 'absolute', left: MARGIN.left, top: MARGIN.top, width: innerW, height: innerH }} />
        <svg ref={svg} width={width} height={height} style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }} />
      </div>
      <div className="small text-body-secondary" role="status" style={{ minHeight: '1.5em' }}>
        {hover ? readout(hover) : ''}
      </div>
    </div>
  )
}
