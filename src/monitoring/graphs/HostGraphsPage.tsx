import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useHostByName } from '../timeline/api'
import { useGraphedResources } from './api'
import { GraphsTab } from './GraphsTab'
import { SubjectTabs } from '../components/SubjectTabs'

/** SPEC §2 host tab /monitoring/hosts/{hostname}/graphs: the host check's series, then each resource's. */
export function HostGraphsPage() {
  const { t } = useTranslation()
  const hostname = useParams().hostname ?? ''
  const host = useHostByName(hostname)
  const resources = useGraphedResources(host.data?.id)
  const hostCheck = t('monitoring.graphs.hostCheck')
  const panels = useMemo(
    () =>
      host.data && resources.data
        ? [
            ...(host.data.has_graph ? [{ owner: { kind: 'hosts' as const, id: host.data.id }, title: hostCheck }] : []),
            ...resources.data.result.map((r) => ({ owner: { kind: 'resources' as const, id: r.id }, title: r.display_name })),
          ]
        : undefined,
    [host.data, resources.data, hostCheck],
  )
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 mb-3">{t('monitoring.timeline.title', { subject: hostname, screen: t('monitoring.screens.hostGraphs') })}</h1>
      {/* Issue 17: the tab bar stays on the timeline and graphs tabs. */}
      <SubjectTabs host={hostname} active="graphs" />
      <GraphsTab panels={panels} />
    </section>
  )
}
