import { useTranslation } from 'react-i18next'
import { formatValue } from '../../shared/format'
import { thresholdValues } from './scales'
import type { ChartSeries } from './SeriesChart'

export interface GraphLegendProps {
  unit: string
  /** The chart's series with their colours, in the order drawn. */
  series: readonly { data: ChartSeries; color: string }[]
}

const FIGURES = ['min', 'avg', 'max', 'last'] as const

/**
 * Issue 17: under a chart (the graphs tabs, the report graphs), each series' lowest, mean, highest and newest value over the range shown (the
 * server sums them up from all values, not from the points drawn) in the SPEC §9 number format, and its
 * warning and critical thresholds, also where their lines lie off the value axis.
 */
export function GraphLegend({ unit, series }: GraphLegendProps) {
  const { t, i18n } = useTranslation()
  const none = t('monitoring.graphs.legend.none')
  const thresholds = (range: ChartSeries['warn']) =>
    thresholdValues(range)
      .map((v) => formatValue(v, unit, i18n.language))
      .join(', ') || none
  return (
    <table
      className="table table-sm small w-auto mb-0"
      aria-label={t('monitoring.graphs.legend.label', { keys: series.map((s) => s.data.key).join(', ') })}
    >
      <thead>
        <tr>
          <th scope="col">{t('monitoring.graphs.legend.series')}</th>
          {FIGURES.map((f) => (
            <th key={f} scope="col" className="text-end">
              {t(`monitoring.graphs.legend.${f}`)}
            </th>
          ))}
          <th scope="col" className="text-end">
            {t('monitoring.graphs.legend.warn')}
          </th>
          <th scope="col" className="text-end">
            {t('monitoring.graphs.legend.crit')}
          </th>
        </tr>
      </thead>
      <tbody>
        {series.map(({ data, color }) => (
          <tr key={data.key}>
            <th scope="row" className="fw-normal">
              <span aria-hidden="true" className="d-inline-block me-2 rounded-1" style={{ width: 10, height: 10, background: color }} />
              {data.key}
            </th>
            {FIGURES.map((f) => (
              <td key={f} className="text-end">
                {data.summary ? formatValue(data.summary[f], unit, i18n.language) : none}
              </td>
            ))}
            <td className="text-end">{thresholds(data.warn)}</td>
            <td className="text-end">{thresholds(data.crit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
