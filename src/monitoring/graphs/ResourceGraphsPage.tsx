import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useResourceByNames } from '../timeline/api'
import { GraphsTab } from './GraphsTab'
import { SubjectTabs } from '../components/SubjectTabs'
import { PinGraphButton } from '../../dashboard'

/** SPEC §2 resource tab /monitoring/hosts/{hostname}/{resourcename}/graphs. */
export function ResourceGraphsPage() {
  const { t } = useTranslation()
  const { hostname = '', resourcename = '' } = useParams()
  const resource = useResourceByNames(hostname, resourcename)
  const panels = useMemo(
    () => resource.data && [{ owner: { kind: 'resources' as const, id: resource.data.id }, title: resource.data.display_name }],
    [resource.data],
  )
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
      <GraphsTab panels={panels} />
    </section>
  )
}
