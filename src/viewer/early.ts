/**
 * Issue 7 "first paint under 1 s": on a map viewer route (a NOC wall above all) the map is asked for as the
 * app starts — its info, live document and states, all by name — while the code still loads and the route guard
 * runs (src/app/early/early.ts). The viewer's queries (api.ts) take these answers.
 */
import { askEarly, keepEarly, startupToken } from '../app/early'
import { earlyMapUrls } from './map-urls'
import { keepEarlyIdentity } from './early-identity'

/** SPEC §2 viewer routes: /maps/{hostgroup_name}/{name}[/legacy][/(view|display|fullscreen)]. */
const VIEWER = /^\/?maps\/([^/?]+)\/([^/?]+)(?:\/legacy)?(?:\/(?:view|display|fullscreen))?\/?$/

/** Starts the requests when `location` is a map viewer route and a token is at hand. */
export function startEarlyMapFetch(location: Pick<Location, 'hash' | 'search'> = window.location): void {
  const route = VIEWER.exec(location.hash.replace(/^#/, '').split('?')[0])
  const token = startupToken(location)
  if (!route || route[1] === 'slideshows' || !token) return
  let url: string
  try {
    url = earlyMapUrls.byName(decodeURIComponent(route[1]), decodeURIComponent(route[2]))
  } catch {
    return // a malformed address: the router shows what it shows
  }
  // The viewer's code first: a browser has six connections to the server, and the map's answers hold theirs
  // while the server reads the states; the code's many small files must not wait behind them.
  import('./pages/viewer').catch(() => undefined)
  // All three at once, by name: the document and the states do not wait for the map's id to come back.
  // The states first: the map's roll-up in its info is then taken from their read (store/map-states.ts).
  const states = askEarly(`${url}/states`, token)
  const info = askEarly(url, token)
  const document = askEarly(`${url}/document?version=live`, token)
  document.catch(() => undefined)
  states.catch(() => undefined)
  // The viewer's queries ask by id; the answers are the same map's. The document tells the id first (the info
  // waits on the server's read of the states), and the map is drawn from it while the states come.
  let kept = false
  const keep = (id: number) => {
    if (kept) return
    kept = true
    keepEarly(earlyMapUrls.liveDocument(id), document)
    keepEarly(earlyMapUrls.states(id), states)
  }
  keepEarlyIdentity(
    url,
    document.then(
      (answer) => {
        const { map_id: id, version } = answer as { map_id?: unknown; version?: unknown }
        if (typeof id !== 'number' || typeof version !== 'number') return null
        keep(id)
        return { id, version }
      },
      () => null,
    ),
  )
  info.then(
    (answer) => {
      const id = (answer as { id?: unknown }).id
      if (typeof id === 'number') keep(id)
    },
    () => undefined,
  )
}
