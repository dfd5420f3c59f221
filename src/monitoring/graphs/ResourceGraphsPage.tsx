import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useResourceByNames } from '../timeline/api'
import { GraphsPanel } from './GraphsPanel'
import { RangeSelector } from './RangeSelector'
import { useGraphRange } from './range'
import { SubjectTabs } from '../components/SubjectTabs'
import { PinGraphButton } from '../../dashboard'

/** SPEC §2 resource tab /monitoring/hosts/{hostname}/{resourcename}/graphs. */
export function ResourceGraphsPage() {
  const { t } = useTranslation()
  const { hostname = '', resourcename = '' } = useParams()
  const resource = useResourceByNames(hostname, resourcename)
  const range = useGraphRange()
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 mb-3">
        {t('monitoring.timeline.title', { subject: `${hostname} › ${resourcename}`, screen: t('monitoring.screens.resourceGraphs') })}
      </h1>
      {/* Issue 17: the tab bar stays on the timeline and graphs tabs. */}
      <SubjectTabs host={hostname} resource={resourcename} active="graphs" />
      {/* Issue 19: the resource's graphs as a widget of the user's dashboard. */}
      {resource.data && (
        <div className="mb-2">
          <PinGraphButton resourceId={resource.data.id} />
        </div>
      )}
      <RangeSelector range={range.range} onPreset={range.setPreset} onRange={range.zoomTo} onResetZoom={range.resetZoom} />
      {resource.data && (
        <GraphsPanel owner={{ kind: 'resources', id: resource.data.id }} title={resource.data.display_name} range={range} />
      )}
    </section>
  )
}
