/**
 * SPEC §2 current viewer /maps/{hostgroup_name}/{name}/(view|display|fullscreen), the legacy viewer routes
 * and #maps/{environment_name}/{map_name}. `fullscreen` is the NOC kiosk: no chrome, fit to any screen,
 * no idle timeout; it reconnects by itself (the feed client) and reloads on a new release (the shell's
 * version polling runs around every route). Escape leaves it for a person at the wall. `?labels=on` pins
 * labels on at any zoom (issue 18).
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { useEarlyMapIdentity, useMapByName } from '../../api'
import { mapPath } from '../../links'
import { MapView } from '../../MapView'
import { WALL_SCREEN } from '../../layout'

export type ViewerMode = 'view' | 'display' | 'fullscreen'

export function viewerMode(pathname: string): ViewerMode {
  const last = pathname.replace(/\/+$/, '').split('/').pop()
  return last === 'fullscreen' || last === 'display' ? last : 'view'
}

export function ViewerPage() {
  const { t } = useTranslation()
  const { hostgroup_name = '', name = '' } = useParams()
  const mode = viewerMode(useLocation().pathname)
  const pinLabels = useSearchParams()[0].get('labels') === 'on'
  const navigate = useNavigate()
  const map = useMapByName(hostgroup_name, name)
  const info = map.data
  // A wall (issue 19) draws its map from the early document answer before its info comes.
  const early = useEarlyMapIdentity(hostgroup_name, name).data

  useEffect(() => {
    if (mode !== 'fullscreen') return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && void navigate(mapPath(hostgroup_name, name, 'view'))
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [mode, navigate, hostgroup_name, name])

  const id = info?.id ?? (mode === 'fullscreen' ? early?.id : undefined)
  if (!id) return null
  const view = (
    <MapView key={id} mapId={id} liveVersion={info ? undefined : early?.version} fullscreen={mode === 'fullscreen'} pinLabels={pinLabels} />
  )
  if (mode === 'fullscreen') {
    return (
      <section className="bg-body" style={WALL_SCREEN} aria-label={info?.alias} data-testid="map-fullscreen">
        <h1 className="visually-hidden">{info?.alias}</h1>
        {view}
      </section>
    )
  }
  if (!info) return null
  return (
    <section className="d-flex flex-column" style={{ height: 'calc(100vh - 4rem)', minHeight: 400 }} aria-label={info.alias}>
      <header className="d-flex flex-wrap align-items-center gap-2 p-2 border-bottom">
        <h1 className="h5 mb-0 me-2">{info.alias}</h1>
        <span className="text-body-secondary small">{info.hostgroup_alias}</span>
        {mode === 'view' && (
          <nav className="btn-group ms-auto" aria-label={t('maps.viewer.toolbar.label')}>
            {/* Editing needs `write` on the map's environment (SPEC §6), as in the maps list and the editor. */}
            {info.allowed_actions.includes('write') && (
              <Link className="btn btn-sm btn-outline-secondary" to={mapPath(hostgroup_name, name, 'edit')}>
                {t('maps.viewer.toolbar.edit')}
              </Link>
            )}
            <Link className="btn btn-sm btn-outline-secondary" to={mapPath(hostgroup_name, name, 'timeline')}>
              {t('maps.viewer.toolbar.timeline')}
            </Link>
            <Link className="btn btn-sm btn-outline-secondary" to={mapPath(hostgroup_name, name, 'fullscreen')}>
              {t('maps.viewer.toolbar.fullscreen')}
            </Link>
          </nav>
        )}
      </header>
      <div className="flex-grow-1 position-relative">{view}</div>
    </section>
  )
}
