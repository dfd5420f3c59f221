import { useTranslation } from 'react-i18next'
import { errorKeyOf, usePerfKeys, type Owner } from './api'
import { SeriesGraph } from './SeriesGraph'
import type { useGraphRange } from './range'

export interface GraphsPanelProps {
  owner: Owner
  title: string
  range: ReturnType<typeof useGraphRange>
}

/** Every performance-data key of one host check or resource (SPEC §2 graphs tabs). */
export function GraphsPanel({ owner, title, range }: GraphsPanelProps) {
  const { t } = useTranslation()
  const keys = usePerfKeys(owner)
  return (
    <section className="card mb-3" aria-label={title}>
      <h2 className="card-header h6">{title}</h2>
      <div className="card-body">
        {keys.isError ? (
          <p className="text-body-secondary mb-0">{t(`errors.${errorKeyOf(keys.error)}`)}</p>
        ) : !keys.data ? (
          <p className="text-body-secondary mb-0">{t('monitoring.graphs.loading')}</p>
        ) : (
          keys.data.result.map((k) => (
            <SeriesGraph
              key={k.key}
              owner={owner}
              seriesKey={k.key}
              unit={k.unit}
              range={range.range}
              onZoom={range.zoomTo}
              onResetZoom={range.resetZoom}
            />
          ))
        )}
      </div>
    </section>
  )
}
