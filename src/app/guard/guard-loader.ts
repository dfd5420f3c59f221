/** The router loader of the protected shell: runs the SPEC §4 route guard on every navigation. */
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { currentUserQuery } from '../api/current-user'
import { runGuard, searchWithoutToken, tokenFromSearch, type GuardOutcome } from './guard'
import { queryClient } from '../api/query-client'
import { clearToken, getToken, storeUrlToken } from './token'

/** A `?token=` before the hash (`/?token=…#/hosts`) counts too; it is removed from the address bar. */
function takePageToken(): string | null {
  const token = tokenFromSearch(window.location.search)
  if (token !== null) {
    const { pathname, search, hash } = window.location
    window.history.replaceState(window.history.state, '', pathname + searchWithoutToken(search) + hash)
  }
  return token
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardOutcome> {
  const url = new URL(request.url)
  const hashToken = tokenFromSearch(url.search)
  const pageToken = takePageToken()
  const outcome = await runGuard({ pathname: url.pathname, search: url.search }, hashToken ?? pageToken, {
    getToken: () => getToken(),
    storeUrlToken: (token) => storeUrlToken(token),
    onTokenChanged: () => queryClient.clear(),
    fetchUser: () => queryClient.fetchQuery(currentUserQuery(true)),
  })
  if (outcome.kind === 'login') {
    // No token, or one the server no longer accepts (401).
    clearToken()
    throw redirect(outcome.to)
  }
  // The token is stored now; keep it out of the address bar and history.
  if (hashToken !== null) throw redirect(url.pathname + searchWithoutToken(url.search))
  return outcome
}
