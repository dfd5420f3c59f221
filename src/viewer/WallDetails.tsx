/**
 * What a fullscreen wall shows in a corner besides its map (issue 18 "Wall details"): the map's name, a clock
 * and when its states last changed, as the map's `view.wall_details` chooses (all three when it does not say).
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { WALL_DETAILS, type ViewOptions } from '../shared/maps'
import type { LiveStates } from './live/live-states'
import { WALL_OVERLAY } from './layout'
import { clockTime } from './clock'

export function WallDetails({ alias, live, view }: { alias: string; live: LiveStates; view: ViewOptions | undefined }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const shown = new Set(view?.wall_details ?? WALL_DETAILS)
  if (!shown.size) return null
  return (
    <div className="small px-2 py-1 rounded d-flex gap-3" style={{ ...WALL_OVERLAY, bottom: 8, right: 8 }} data-testid="wall-details">
      {shown.has('name') && <span>{alias}</span>}
      {shown.has('clock') && <time aria-label={t('maps.viewer.wall.clock')}>{clockTime(now)}</time>}
      {shown.has('last_update') && live.time > 0 && <span>{t('maps.viewer.wall.lastUpdate', { time: clockTime(live.time * 1000) })}</span>}
    </div>
  )
}
