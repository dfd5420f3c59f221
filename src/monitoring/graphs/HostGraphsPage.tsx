import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useHostByName } from '../timeline/api'
import { useGraphedResources } from './api'
import { GraphsPanel } from './GraphsPanel'
import { RangeSelector } from './RangeSelector'
import { useGraphRange } from './range'
import { SubjectTabs } from '../components/SubjectTabs'

/** SPEC §2 host tab /monitoring/hosts/{hostname}/graphs: the host check's series, then each resource's. */
export function HostGraphsPage() {
  const { t } = useTranslation()
  const hostname = useParams().hostname ?? ''
  const host = useHostByName(hostname)
  const resources = useGraphedResources(host.data?.id)
  const range = useGraphRange()
  const nothing = host.data && resources.data && !host.data.has_graph && resources.data.result.length === 0
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 mb-3">{t('monitoring.timeline.title', { subject: hostname, screen: t('monitoring.screens.hostGraphs') })}</h1>
      {/* Issue 17: the tab bar stays on the timeline and graphs tabs. */}
      <SubjectTabs host={hostname} active="graphs" />
      <RangeSelector range={range.range} onPreset={range.setPreset} onRange={range.zoomTo} onResetZoom={range.resetZoom} />
      {nothing && <p className="text-body-secondary">{t('errors.graph_not_found')}</p>}
      {host.data?.has_graph && (
        <GraphsPanel owner={{ kind: 'hosts', id: host.data.id }} title={t('monitoring.graphs.hostCheck')} range={range} />
      )}
      {resources.data?.result.map((r) => (
        <GraphsPanel key={r.id} owner={{ kind: 'resources', id: r.id }} title={r.display_name} range={range} />
      ))}
    </section>
  )
}
