import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../../app/api'
import { usePollingWhileOffline } from '../../app/feed'
import { SYSTEM_TOPIC } from '../../shared/feed'
import { Timeline, useTimelineUrlState, type TimelineSource } from '../../ui'
import { fetchEvents } from './api'
import { environmentFilterIds } from '../../shared/environment-filter'
import { subjectTimelineHref } from './links'
import { useLiveEvents } from './live'

/** SPEC §2 /monitoring/timeline (paged): every event the user may see, narrowed by the environment filter. */
export function GlobalTimelinePage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const url = useTimelineUrlState('/monitoring/timeline')
  const filter = environmentFilterIds(user).join(',')
  const environments = filter ? filter.split(',') : (user?.allowed_environments ?? []).map((e) => String(e.id))
  // Administrators see the server's own events too, unless an environment filter narrows the timeline (as the server does).
  const system = user?.server_admin && !filter ? [SYSTEM_TOPIC] : []
  const subscribe = useLiveEvents([...environments.map((id) => `environment:${id}`), ...system])
  const source = useMemo<TimelineSource>(
    () => ({ key: ['global'], params: filter ? { environment_filter: filter } : {}, fetchEvents, subscribe }),
    [filter, subscribe],
  )
  const pollMs = usePollingWhileOffline('global_timeline')
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 mb-3">{t('monitoring.screens.timeline')}</h1>
      <Timeline source={source} {...url} pollMs={pollMs} subjectHref={subjectTimelineHref} />
    </section>
  )
}
