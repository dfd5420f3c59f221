/** Starts the SPEC §7 client reports for this page load: error reports and the usage tracker on its SPEC §9 timer. */
import { api } from '../api'
import { getToken } from '../guard'
import { i18n } from '../i18n'
import { TRACKER_SEND_S } from '../../shared/constants'
import { startErrorReports } from './error-reports'
import { createTracker } from './tracker'

interface RouterLike {
  state: { location: { pathname: string } }
  subscribe(listener: (state: { location: { pathname: string } }) => void): unknown
}

export function startClientReports(router: RouterLike): void {
  startErrorReports()
  const tracker = createTracker({
    send: (entries) => api.request('tracker', { method: 'POST', body: entries, errorHandlerEnabled: false }),
    ready: () => getToken() !== null,
    now: () => Date.now(),
  })
  tracker.log('initial_load', Math.round(performance.now()))
  tracker.log('resolution', `${window.screen.width}x${window.screen.height}`)
  tracker.log('language', i18n.language)
  let path = router.state.location.pathname
  tracker.log('location', path)
  router.subscribe(({ location }) => {
    if (location.pathname === path) return
    path = location.pathname
    tracker.log('location', path)
  })
  setInterval(() => void tracker.tick(), TRACKER_SEND_S * 1000)
}
