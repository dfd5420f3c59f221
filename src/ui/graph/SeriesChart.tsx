import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatValue } from '../../shared/format'
import type { z } from 'zod'
import type { PerfSeries } from '../../shared/api/results'
import { formatDateTime, fromUnix } from '../date/date-time'
import { Graph, type ReadoutPoints } from './Graph'
import { GraphLegend } from './GraphLegend'
import { seriesColor, thresholdValues } from './scales'

/** What a chart draws of one performance-data series: its points, thresholds and legend figures. */
export type ChartSeries = Pick<z.infer<typeof PerfSeries>, 'key' | 'warn' | 'crit' | 'points' | 'summary'>

export interface SeriesChartProps {
  /** The series of one unit, in the order drawn; undefined while they load. */
  series: readonly ChartSeries[] | undefined
  /** An error text to show instead of the chart. */
  error?: string
  unit: string
  /** The range drawn, unix seconds, and the widest step of the series. */
  start: number
  end: number
  step: number
  /** Above the chart; the keys and unit by default. */
  caption?: string
  onZoom?(bounds: { start: number; end: number }): void
  onResetZoom?(): void
}

/**
 * Issue 17: the performance-data series of one unit on one chart with its read-out and legend (the graphs tabs,
 * SPEC §3 report graphs). Its texts are the monitoring graph texts, which every feature screen loads.
 */
export function SeriesChart({ series, error, unit, start, end, step, caption, onZoom, onResetZoom }: SeriesChartProps) {
  const { t, i18n } = useTranslation()
  const names = series?.map((s) => s.key).join(', ') ?? ''
  const drawn = useMemo(() => series?.map((d, i) => ({ data: d, color: seriesColor(i) })), [series])
  const lines = useMemo(() => drawn?.map(({ data: d, color }) => ({ name: d.key, points: d.points, color })) ?? [], [drawn])
  const warn = useMemo(() => series?.flatMap((d) => thresholdValues(d.warn)) ?? [], [series])
  const crit = useMemo(() => series?.flatMap((d) => thresholdValues(d.crit)) ?? [], [series])
  const when = (s: number) => formatDateTime(fromUnix(s))
  const value = (v: number) => formatValue(v, unit, i18n.language)
  const readout = (time: number, points: ReadoutPoints) =>
    t('monitoring.graphs.readout', {
      time: when(time),
      values: points
        .map(({ name, point: p }) =>
          p.max > p.min
            ? t('monitoring.graphs.readoutBand', { key: name, value: value(p.avg), min: value(p.min), max: value(p.max) })
            : t('monitoring.graphs.readoutValue', { key: name, value: value(p.avg) }),
        )
        .join('; '),
    })
  return (
    <figure className="mb-4">
      <figcaption className="fw-semibold small mb-1">{caption ?? (unit ? `${names} (${unit})` : names)}</figcaption>
      {error ? (
        <p className="text-danger small">{error}</p>
      ) : !drawn ? (
        <p className="text-body-secondary small">{t('monitoring.graphs.loading')}</p>
      ) : (
        <>
          <Graph
            label={t('monitoring.graphs.graph', {
              keys: names,
              points: lines.reduce((n, l) => n + l.points.length, 0),
              from: when(start),
              to: when(end),
            })}
            unit={unit}
            series={lines}
            step={step}
            start={start}
            end={end}
            warn={warn}
            crit={crit}
            onZoom={onZoom}
            onResetZoom={onResetZoom}
            readout={readout}
          />
          {lines.every((l) => l.points.length === 0) && <p className="text-body-secondary small">{t('monitoring.graphs.noPoints')}</p>}
          <GraphLegend unit={unit} series={drawn} />
        </>
      )}
    </figure>
  )
}
