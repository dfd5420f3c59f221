/** SPEC §2 map timeline /maps/{hostgroup_name}/{name}/timeline: the shared timeline view with the map's events. */
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { api } from '../../../app/api'
import { usePollingWhileOffline } from '../../../app/feed'
import { EventList, type EventsParams } from '../../../shared/api/events'
import { Timeline, useTimelineUrlState, type TimelineSource } from '../../../ui'
import { useMapByName } from '../../api'
import { mapPath } from '../../links'

/** GET events with map_id: the events of the map. */
const fetchMapEvents = (params: EventsParams, signal?: AbortSignal) => api.request('events', { query: params, schema: EventList, signal })

export function MapTimelinePage() {
  const { t } = useTranslation()
  const { hostgroup_name = '', name = '' } = useParams()
  const map = useMapByName(hostgroup_name, name)
  const url = useTimelineUrlState(mapPath(hostgroup_name, name, 'timeline'))
  const pollSeconds = usePollingWhileOffline('timeline')
  const id = map.data?.id
  const source = useMemo<TimelineSource | null>(
    () => (id ? { key: ['map', id], params: { map_id: id }, fetchEvents: fetchMapEvents } : null),
    [id],
  )
  if (!map.data || !source) return null
  return (
    <section className="container-fluid py-3">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{t('maps.viewer.timeline.title', { alias: map.data.alias })}</h1>
        <Link className="btn btn-sm btn-outline-secondary ms-auto" to={mapPath(hostgroup_name, name, 'view')}>
          {t('maps.viewer.timeline.back')}
        </Link>
      </div>
      <Timeline source={source} {...url} pollMs={pollSeconds} />
    </section>
  )
}
