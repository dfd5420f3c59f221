import { useTranslation } from 'react-i18next'
import { SeriesChart } from '../../ui'
import { errorKeyOf, useSeries, type Owner } from './api'
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
  const { t } = useTranslation()
  const { data, error } = useSeries(owner, keys, range)
  const first = data?.[0]
  return (
    <SeriesChart
      series={data}
      error={error ? t(`errors.${errorKeyOf(error)}`) : undefined}
      caption={unit ? `${keys.join(', ')} (${unit})` : keys.join(', ')}
      unit={unit}
      start={first?.start ?? 0}
      end={first?.end ?? 0}
      step={data ? Math.max(...data.map((d) => d.step)) : 0}
      onZoom={onZoom}
      onResetZoom={onResetZoom}
    />
  )
}
