import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { usePollingWhileOffline } from '../../app/feed'
import { Timeline, useTimelineUrlState, type TimelineSource } from '../../ui'
import { fetchEvents, useResourceByNames } from './api'
import { resourcePath } from './links'
import { useLiveEvents } from './live'
import { SubjectTabs } from '../components/SubjectTabs'

/** SPEC §2 resource tab /monitoring/hosts/{hostname}/{resourcename}/timeline (paged). */
export function ResourceTimelinePage() {
  const { t } = useTranslation()
  const { hostname = '', resourcename = '' } = useParams()
  const resource = useResourceByNames(hostname, resourcename)
  const url = useTimelineUrlState(resourcePath(hostname, resourcename, 'timeline'))
  const id = resource.data?.id
  // The feed has no resource topic: the host's carries its resources' events.
  const subscribe = useLiveEvents(resource.data ? [`host:${resource.data.host_id}`] : [])
  const source = useMemo<TimelineSource>(
    () => ({ key: ['resource', id], params: { resource_id: id }, fetchEvents, subscribe }),
    [id, subscribe],
  )
  const pollMs = usePollingWhileOffline('timeline')
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 mb-3">
        {t('monitoring.timeline.title', { subject: `${hostname} › ${resourcename}`, screen: t('monitoring.screens.resourceTimeline') })}
      </h1>
      {/* Issue 17: the tab bar stays on the timeline and graphs tabs. */}
      <SubjectTabs host={hostname} resource={resourcename} active="timeline" />
      {id !== undefined && <Timeline source={source} {...url} pollMs={pollMs} />}
    </section>
  )
}
