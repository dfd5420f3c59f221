import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatValue } from '../../shared/format'
import { formatDateTime, fromUnix, Graph, thresholdValues, type GraphPoint } from '../../ui'
import { errorKeyOf, useSeries, type Owner } from './api'
import type { GraphRange } from './range'

export interface SeriesGraphProps {
  owner: Owner
  seriesKey: string
  unit: string
  range: GraphRange
  onZoom(bounds: { start: number; end: number }): void
  onResetZoom(): void
}

/** One performance-data key of a host check or resource, drawn over the chosen range. */
export function SeriesGraph({ owner, seriesKey, unit, range, onZoom, onResetZoom }: SeriesGraphProps) {
  const { t, i18n } = useTranslation()
  const format = (v: number, u: string) => formatValue(v, u, i18n.language)
  const series = useSeries(owner, seriesKey, range)
  const data = series.data
  const warn = useMemo(() => thresholdValues(data?.warn), [data?.warn])
  const crit = useMemo(() => thresholdValues(data?.crit), [data?.crit])
  const title = unit ? `${seriesKey} (${unit})` : seriesKey
  const when = (s: number) => formatDateTime(fromUnix(s))
  const readout = (p: GraphPoint) =>
    p.max > p.min
      ? t('monitoring.graphs.readoutBand', {
          time: when(p.t),
          value: format(p.avg, unit),
          min: format(p.min, unit),
          max: format(p.max, unit),
        })
      : t('monitoring.graphs.readout', { time: when(p.t), value: format(p.avg, unit) })
  return (
    <figure className="mb-4">
      <figcaption className="fw-semibold small mb-1">{title}</figcaption>
      {series.isError ? (
        <p className="text-danger small">{t(`errors.${errorKeyOf(series.error)}`)}</p>
      ) : !data ? (
        <p className="text-body-secondary small">{t('monitoring.graphs.loading')}</p>
      ) : (
        <>
          <Graph
            label={t('monitoring.graphs.graph', { key: seriesKey, points: data.points.length, from: when(data.start), to: when(data.end) })}
            unit={data.unit}
            points={data.points}
            step={data.step}
            start={data.start}
            end={data.end}
            warn={warn}
            crit={crit}
            onZoom={onZoom}
            onResetZoom={onResetZoom}
            readout={readout}
          />
          {data.points.length === 0 && <p className="text-body-secondary small">{t('monitoring.graphs.noPoints')}</p>}
          <div className="small text-body-secondary">
            {warn.length > 0 && (
              <span className="me-3">{t('monitoring.graphs.warn', { value: warn.map((v) => format(v, data.unit)).join(', ') })}</span>
            )}
            {crit.length > 0 && <span>{t('monitoring.graphs.crit', { value: crit.map((v) => format(v, data.unit)).join(', ') })}</span>}
          </div>
        </>
      )}
    </figure>
  )
}
