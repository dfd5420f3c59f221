import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { usePollingWhileOffline } from '../../app/feed'
import { Timeline, useTimelineUrlState, type TimelineSource } from '../../ui'
import { fetchEvents, useHostByName } from './api'
import { hostPath, subjectTimelineHref } from './links'
import { useLiveEvents } from './live'
import { SubjectTabs } from '../components/SubjectTabs'

/** SPEC §2 host tab /monitoring/hosts/{hostname}/timeline (paged): the host's events and its resources'. */
export function HostTimelinePage() {
  const { t } = useTranslation()
  const hostname = useParams().hostname ?? ''
  const host = useHostByName(hostname)
  const url = useTimelineUrlState(hostPath(hostname, 'timeline'))
  const id = host.data?.id
  const subscribe = useLiveEvents(id === undefined ? [] : [`host:${id}`])
  const source = useMemo<TimelineSource>(() => ({ key: ['host', id], params: { host_id: id }, fetchEvents, subscribe }), [id, subscribe])
  const pollMs = usePollingWhileOffline('timeline')
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 mb-3">{t('monitoring.timeline.title', { subject: hostname, screen: t('monitoring.screens.hostTimeline') })}</h1>
      {/* Issue 17: the tab bar stays on the timeline and graphs tabs. */}
      <SubjectTabs host={hostname} active="timeline" />
      {id !== undefined && <Timeline source={source} {...url} pollMs={pollMs} subjectHref={subjectTimelineHref} />}
    </section>
  )
}
