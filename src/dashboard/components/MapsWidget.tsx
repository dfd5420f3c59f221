import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePreferences } from '../../app/preferences'
import type { MapInfo } from '../../shared/api/maps'
import { mapPath } from '../../ui'
import { useMapsInAlarm, useMapThumbnail, type Environments } from '../api'
import { WidgetBody } from './WidgetBody'

/** Maps whose roll-up is down, unreachable or warning (SPEC §4 MAP), worst first, each with a small picture. */
export function MapsWidget({ environments }: { environments: Environments }) {
  const { t } = useTranslation()
  const maps = useMapsInAlarm(environments)
  return (
    <WidgetBody query={maps}>
      {(list) =>
        list.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('dashboard.maps.none')}</p>
        ) : (
          <ul className="list-unstyled row g-2 mb-0">
            {list.map((map) => (
              <MapItem key={map.id} map={map} />
            ))}
          </ul>
        )
      }
    </WidgetBody>
  )
}

function MapItem({ map }: { map: MapInfo }) {
  const { t } = useTranslation()
  return (
    <li className="col-12 col-sm-6">
      <Link to={mapPath(map.hostgroup_name, map.name, 'view')} className="d-block text-decoration-none">
        <Thumbnail map={map} />
        <span className="d-block fw-semibold text-break">{map.alias}</span>
        <span className="small text-body-secondary">{t('maps.viewer.mapState', { state: t(`maps.viewer.state.${map.map_state}`) })}</span>
      </Link>
    </li>
  )
}

/** The map's live drawing as an image; its object URL is released when it changes or the widget goes. */
function Thumbnail({ map }: { map: MapInfo }) {
  const { t } = useTranslation()
  const [preferences] = usePreferences()
  const picture = useMapThumbnail(map.id, map.version, map.map_state, preferences?.theme)
  const url = useMemo(() => (picture.data ? URL.createObjectURL(picture.data) : null), [picture.data])
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  const ratio = `${map.resolution.width} / ${map.resolution.height}`
  return url ? (
    <img
      src={url}
      alt={t('dashboard.maps.thumbnail', { name: map.alias })}
      className="img-fluid border rounded mb-1 w-100"
      style={{ aspectRatio: ratio }}
    />
  ) : (
    <div className="border rounded mb-1 bg-body-tertiary w-100" style={{ aspectRatio: ratio }} aria-hidden="true" />
  )
}
