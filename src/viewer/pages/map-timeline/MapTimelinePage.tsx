/**
 * SPEC §2 map timeline /maps/{hostgroup_name}/{name}/timeline: the shared timeline view with the map's events
 * and (issue 18) those of its objects, state changes included: GET events with `map_all_events`, which or-s the
 * map with the hosts (and so their resources) and resources of its live states.
 */
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { api } from '../../../app/api'
import { usePollingWhileOffline } from '../../../app/feed'
import { EventList, type EventsParams } from '../../../shared/api/events'
import { Timeline, useTimelineUrlState, type TimelineSource } from '../../../ui'
import { useMapByName, useMapStates } from '../../api'
import { mapPath } from '../../links'

/** Most hosts and resources asked for by id (an address stays short); a bigger map shows the first ones. */
const MAX_SUBJECTS = 500

/** GET events with map_id: the events of the map. */
const fetchMapEvents = (params: EventsParams, signal?: AbortSignal) => api.request('events', { query: params, schema: EventList, signal })

export function MapTimelinePage() {
  const { t } = useTranslation()
  const { hostgroup_name = '', name = '' } = useParams()
  const map = useMapByName(hostgroup_name, name)
  const url = useTimelineUrlState(mapPath(hostgroup_name, name, 'timeline'))
  const pollSeconds = usePollingWhileOffline('timeline')
  const id = map.data?.id
  // No map yet: no query, and no answer to read.
  const states = useMapStates(id ? [id] : [], !!id && map.data?.version != null)[0]?.data
  const hosts = states?.hosts.slice(0, MAX_SUBJECTS).map((h) => h.id) ?? []
  // A host's id brings its resources' events: only resources of hosts not on the map are asked for apart.
  const onMap = new Set(hosts)
  const resources =
    states?.resources
      .filter((r) => !onMap.has(r.host_id))
      .slice(0, MAX_SUBJECTS)
      .map((r) => r.id) ?? []
  const subjects = `${hosts.join(',')};${resources.join(',')}`
  const source = useMemo<TimelineSource | null>(() => {
    if (!id) return null
    const [h, r] = subjects.split(';')
    const params = { map_id: id, ...(h || r ? { map_all_events: 1 } : {}), ...(h ? { host_id: h } : {}), ...(r ? { resource_id: r } : {}) }
    return { key: ['map', id, subjects], params, fetchEvents: fetchMapEvents }
  }, [id, subjects])
  if (!map.data || !source || (map.data.version != null && !states)) return null
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
