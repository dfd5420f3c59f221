/** The router loader of the protected shell: runs the SPEC §4 route guard on every navigation. */
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { currentUserQuery } from '../api/current-user'
import { runGuard, searchWithoutToken, tokenFromSearch, type GuardOutcome } from './guard'
import { queryClient } from '../api/query-client'
import { clearToken, getToken, storeLoginToken, storeUrlToken } from './token'

/** A `?token=` before the hash (`/?token=…#/hosts`) counts too; it is removed from the address bar. */
function takePageToken(): string | null {
  const token = tokenFromSearch(window.location.search)
  if (token !== null) {
    const { pathname, search, hash } = window.location
    window.history.replaceState(window.history.state, '', pathname + searchWithoutToken(search) + hash)
  }
  return token
}

/** The token this page runs with; another tab storing a different one (a login, a logout) reloads the page. */
let running: string | null | undefined
function watchOtherTabs() {
  if (running !== undefined) return
  window.addEventListener('storage', () => {
    if (getToken() !== running) window.location.reload()
  })
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardOutcome> {
  const url = new URL(request.url)
  const hashToken = tokenFromSearch(url.search)
  const pageToken = takePageToken()
  let replaced = false
  const outcome = await runGuard({ pathname: url.pathname, search: url.search }, hashToken ?? pageToken, {
    getToken: () => getToken(),
    storeUrlToken: (token) => storeUrlToken(token),
    onTokenChanged: () => {
      // SPEC §4 Login: "A token different from the stored one reloads the page" (below, once it is stored).
      replaced = getToken() !== null
      queryClient.clear()
    },
    fetchUser: () => queryClient.fetchQuery(currentUserQuery(true)),
  })
  if (outcome.kind === 'login') {
    // No token, or one the server no longer accepts (401).
    clearToken()
    throw redirect(outcome.to)
  }
  const token = getToken()
  // Issue 16: a wall token is kept until its own expiry, not the 12 h of a URL token (SPEC §4 route guard 1).
  const kept = 'user' in outcome ? outcome.user.token : undefined
  if (token !== null && kept?.kind === 'wall') storeLoginToken(token, kept.expires_at)
  watchOtherTabs()
  running = token
  const clean = url.pathname + searchWithoutToken(url.search)
  if (replaced) {
    // The router is a hash router: the address keeps its page part and takes the route without its token.
    window.history.replaceState(null, '', `${window.location.pathname}${searchWithoutToken(window.location.search)}#${clean}`)
    window.location.reload()
    // The page unloads; nothing of the previous user renders meanwhile.
    return new Promise<never>(() => {})
  }
  // The token is stored now; keep it out of the address bar and history.
  if (hashToken !== null) throw redirect(clean)
  return outcome
}
