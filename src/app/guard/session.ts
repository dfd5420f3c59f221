/** Starting and ending a session (SPEC §4 "Login"; logout calls the API and returns to /login). */
import { api } from '../api/api'
import { navigateTo } from '../shell/navigation'
import { queryClient } from '../api/query-client'
import { clearToken, getToken, storeLoginToken } from './token'

/** Keeps the token from login until its `expires_at`; a different token drops the previous user's data. */
export function startSession(token: string, expiresAtS: number): void {
  if (getToken() !== token) queryClient.clear()
  storeLoginToken(token, expiresAtS)
}

export async function logout(): Promise<void> {
  try {
    await api.request('auth/logout', { method: 'POST', errorHandlerEnabled: false })
  } catch {
    // The session ends on this side whatever the server answered.
  }
  clearToken()
  await navigateTo('/login')
  queryClient.clear()
}
