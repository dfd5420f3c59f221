/**
 * The application's API client (SPEC §7) wired to the SPEC §8 error handler: login redirect, blocking
 * pages, messages. `pendingStore` counts running requests for the loading spinner of SPEC §7.
 */
import { createStore } from 'zustand/vanilla'
import { createApiClient, type SettledRequest } from './api-client'
import type { ApiFailure } from './api-failure'
import { describeFailure } from './error-handler'
import { loginPath } from '../guard/guard'
import { i18n } from '../i18n/i18n'
import { showMessage } from '../shell/messages'
import { currentLocation, navigateTo, showBlockingPage } from '../shell/navigation'
import { queryClient } from './query-client'
import { clearToken, getToken } from '../guard/token'

export const pendingStore = createStore<{ count: number }>()(() => ({ count: 0 }))

/** The developer tools' log of this page's API requests (issue 19), newest last, the last REQUEST_LOG_SIZE kept. */
const REQUEST_LOG_SIZE = 200
export const requestLog = createStore<{ requests: SettledRequest[] }>()(() => ({ requests: [] }))

/** SPEC §7/§8: send the user to login, keeping where they were (not when already on a login page). */
export function sendToLogin(): void {
  const location = currentLocation()
  if (location.pathname === '/login' || location.pathname.startsWith('/login/')) return
  void navigateTo(loginPath(location))
}

/** SPEC §8 "Handling by status": runs what `describeFailure` decided. */
export function handleApiFailure(failure: ApiFailure): void {
  const action = describeFailure(failure, i18n)
  switch (action.type) {
    case 'ignore':
      return
    case 'login':
      clearToken()
      queryClient.clear()
      sendToLogin()
      return
    case 'not_authorized':
    case 'content_not_found':
      showBlockingPage(action.type)
      return
    case 'message':
      showMessage(action.message)
      return
  }
}

export const api = createApiClient({
  baseUrl: '/api/v1/',
  getToken: () => getToken(),
  getLanguage: () => i18n.language,
  onNoToken: sendToLogin,
  onFailure: handleApiFailure,
  onPending: (delta) => pendingStore.setState((s) => ({ count: s.count + delta })),
  onSettled: (request) => requestLog.setState((s) => ({ requests: [...s.requests.slice(1 - REQUEST_LOG_SIZE), request] })),
})
