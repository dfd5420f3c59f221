import { useEffect, useReducer } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import type { Slideshow } from '../../../shared/api/maps'
import { MapView } from '../../MapView'
import { WALL_OVERLAY, WALL_SCREEN } from '../../layout'
import { slideshowPath } from '../../../ui'
import { useSlideshow } from './api'
import { rotate, startRotation, type Rotation, type RotationConfig, type RotationEvent } from './rotation'
import { useFollowAlarms } from './use-follow-alarms'

/** How often the rotation looks at the clock: the delay is whole seconds (SPEC §3). */
const TICK_MS = 500

/**
 * SPEC §2 /maps/slideshows/{hostgroup_name}/{name} and /fullscreen: the slideshow's maps one after the
 * other every `delay` seconds, drawn live by the viewer's MapView; pause, next and previous controls,
 * hidden in fullscreen (a NOC wall has no one at it). Issue 7 follow alarms jumps to a map with a new
 * unhandled problem; in fullscreen a corner of the wall says which map, its position and why it jumped (issue 18).
 * `?labels=on` pins labels on.
 */
export function SlideshowPage() {
  const { hostgroup_name = '', name = '' } = useParams()
  const show = useSlideshow(hostgroup_name, name)
  return show.data ? <Player key={show.data.id} slideshow={show.data} /> : null
}

function Player({ slideshow }: { slideshow: Slideshow }) {
  const { t } = useTranslation()
  const fullscreen = useLocation().pathname.endsWith('/fullscreen')
  const pinLabels = useSearchParams()[0].get('labels') === 'on'
  const mapIds = slideshow.maps.map((m) => m.id)
  const config: RotationConfig = { mapIds, delayMs: slideshow.delay * 1000, followAlarms: slideshow.follow_alarms }
  const [rotation, dispatch] = useReducer((r: Rotation, e: RotationEvent) => rotate(r, e, config), Date.now(), startRotation)
  useEffect(() => {
    const timer = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  useFollowAlarms(mapIds, slideshow.follow_alarms, (states) => dispatch({ type: 'states', now: Date.now(), states }))

  if (!slideshow.maps.length) return <p className="container py-3">{t('maps.slideshows.empty')}</p>
  const index = rotation.index % slideshow.maps.length
  const current = slideshow.maps[index]
  const send = (type: 'next' | 'previous' | 'pause' | 'resume') => dispatch({ type, now: Date.now() })
  const base = slideshowPath(slideshow.hostgroup_name, slideshow.name)

  return (
    <section
      className={fullscreen ? 'bg-body d-flex flex-column' : 'd-flex flex-column h-100'}
      style={fullscreen ? { ...WALL_SCREEN, display: 'flex', flexDirection: 'column' } : undefined}
      aria-label={slideshow.alias}
    >
      <header
        className={`d-flex flex-wrap align-items-center gap-2 ${fullscreen ? 'small px-2 py-1 rounded' : 'p-2 border-bottom'}`}
        style={fullscreen ? { ...WALL_OVERLAY, bottom: 8, left: 8 } : undefined}
      >
        <h1 className={fullscreen ? 'h6 mb-0' : 'h5 mb-0 me-2'}>{slideshow.alias}</h1>
        <h2 className={fullscreen ? 'visually-hidden' : 'h6 mb-0'} aria-live="polite">
          {current.alias}
        </h2>
        <span className="text-body-secondary small">
          {t('maps.slideshows.player.position', { n: index + 1, total: slideshow.maps.length })}
        </span>
        {rotation.holding !== null && (
          <span className="badge text-bg-danger" role="status">
            {t('maps.slideshows.player.holding', { alias: current.alias })}
            {rotation.reason &&
              ` (${t('maps.slideshows.player.reason', { name: rotation.reason.name, state: t(`maps.viewer.state.${rotation.reason.state}`) })})`}
          </span>
        )}
        {!fullscreen && (
          <div className="btn-group ms-auto" role="group" aria-label={t('maps.slideshows.player.label')}>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => send('previous')}>
              {t('maps.slideshows.player.previous')}
            </button>
            {rotation.paused ? (
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => send('resume')}>
                {t('maps.slideshows.player.resume')}
              </button>
            ) : (
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => send('pause')}>
                {t('maps.slideshows.player.pause')}
              </button>
            )}
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => send('next')}>
              {t('maps.slideshows.player.next')}
            </button>
            <Link className="btn btn-sm btn-outline-secondary" to={`${base}/fullscreen`}>
              {t('maps.slideshows.player.fullscreen')}
            </Link>
          </div>
        )}
      </header>
      <div className="flex-grow-1 position-relative">
        <MapView key={current.id} mapId={current.id} fullscreen={fullscreen} pinLabels={pinLabels} />
      </div>
    </section>
  )
}
