import { useTranslation } from 'react-i18next'
import { errorKeyOf, usePerfKeys, type Owner } from './api'
import { UnitGraph } from './UnitGraph'
import { keysByUnit } from './units'
import type { GraphRange, useGraphRange } from './range'

export interface GraphsPanelProps {
  owner: Owner
  title: string
  range: GraphRange
  onZoom: ReturnType<typeof useGraphRange>['zoomTo']
  onResetZoom(): void
}

/** Every performance-data key of one host check or resource (SPEC §2 graphs tabs), one chart per unit. */
export function GraphsPanel({ owner, title, range, onZoom, onResetZoom }: GraphsPanelProps) {
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
          keysByUnit(keys.data.result).map((u) => (
            <UnitGraph key={u.unit} owner={owner} keys={u.keys} unit={u.unit} range={range} onZoom={onZoom} onResetZoom={onResetZoom} />
          ))
        )}
      </div>
    </section>
  )
}
