import { useTranslation } from 'react-i18next'
import { useFittedPreset, type Owner } from './api'
import { GraphsPanel } from './GraphsPanel'
import { RangeSelector } from './RangeSelector'
import { useGraphRange } from './range'

export interface GraphsTabProps {
  /** The host check and resources with graphs, each a panel; undefined while they load. */
  panels: readonly { owner: Owner; title: string }[] | undefined
}

/**
 * The body of a graphs tab (SPEC §2): the range picker and a panel per owner. Without a range in the link
 * it opens on the preset that fits the age of the data (issue 17).
 */
export function GraphsTab({ panels }: GraphsTabProps) {
  const { t } = useTranslation()
  const fitted = useFittedPreset(panels?.map((p) => p.owner))
  const { range, setPreset, zoomTo, resetZoom } = useGraphRange(fitted)
  if (panels?.length === 0) return <p className="text-body-secondary">{t('errors.graph_not_found')}</p>
  if (!range || !panels) return <p className="text-body-secondary">{t('monitoring.graphs.loading')}</p>
  return (
    <>
      <RangeSelector range={range} onPreset={setPreset} onRange={zoomTo} onResetZoom={resetZoom} />
      {panels.map((p) => (
        <GraphsPanel
          key={`${p.owner.kind}-${p.owner.id}`}
          owner={p.owner}
          title={p.title}
          range={range}
          onZoom={zoomTo}
          onResetZoom={resetZoom}
        />
      ))}
    </>
  )
}
