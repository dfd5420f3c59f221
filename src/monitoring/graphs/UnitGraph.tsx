import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatValue } from '../../shared/format'
import { formatDateTime, fromUnix, Graph, seriesColor, thresholdValues, type ReadoutPoints } from '../../ui'
import { errorKeyOf, useSeries, type Owner } from './api'
import { GraphLegend } from './GraphLegend'
import type { GraphRange } from './range'

export interface UnitGraphProps {
  owner: Owner
  /** The performance-data keys of the owner in this unit, in the order drawn. */
  keys: readonly string[]
  unit: string
  range: GraphRange
  onZoom(bounds: { start: number; end: number }): void
  onResetZoom(): void
}

/** Issue 17: the performance-data keys of one unit of a host check or resource on one chart, over the chosen range, with its legend. */
export function UnitGraph({ owner, keys, unit, range, onZoom, onResetZoom }: UnitGraphProps) {
  const { t, i18n } = useTranslation()
  const { data, error } = useSeries(owner, keys, range)
  const names = keys.join(', ')
  const drawn = useMemo(() => data?.map((d, i) => ({ data: d, color: seriesColor(i) })), [data])
  const lines = useMemo(() => drawn?.map(({ data: d, color }) => ({ name: d.key, points: d.points, color })) ?? [], [drawn])
  const warn = useMemo(() => data?.flatMap((d) => thresholdValues(d.warn)) ?? [], [data])
  const crit = useMemo(() => data?.flatMap((d) => thresholdValues(d.crit)) ?? [], [data])
  const when = (s: number) => formatDateTime(fromUnix(s))
  const readout = (time: number, points: ReadoutPoints) =>
    t('monitoring.graphs.readout', {
      time: when(time),
      values: points
        .map(({ name, point: p }) =>
          p.max > p.min
            ? t('monitoring.graphs.readoutBand', {
                key: name,
                value: formatValue(p.avg, unit, i18n.language),
                min: formatValue(p.min, unit, i18n.language),
                max: formatValue(p.max, unit, i18n.language),
              })
            : t('monitoring.graphs.readoutValue', { key: name, value: formatValue(p.avg, unit, i18n.language) }),
        )
        .join('; '),
    })
  const first = data?.[0]
  return (
    <figure className="mb-4">
      <figcaption className="fw-semibold small mb-1">{unit ? `${names} (${unit})` : names}</figcaption>
      {error ? (
        <p className="text-danger small">{t(`errors.${errorKeyOf(error)}`)}</p>
      ) : !first || !drawn ? (
        <p className="text-body-secondary small">{t('monitoring.graphs.loading')}</p>
      ) : (
        <>
          <Graph
            label={t('monitoring.graphs.graph', {
              keys: names,
              points: lines.reduce((n, l) => n + l.points.length, 0),
              from: when(first.start),
              to: when(first.end),
            })}
            unit={unit}
            series={lines}
            step={Math.max(...data.map((d) => d.step))}
            start={first.start}
            end={first.end}
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
