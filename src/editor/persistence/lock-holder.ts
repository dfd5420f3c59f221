/**
 * Issue 18: the map lock belongs to one editing session. Each browser tab is one session, named by a random id
 * sent with every lock call and save, and a refused call says who holds the lock (another user, or the same
 * user in another tab or session) and since when.
 */
import { errorExtraOf, errorKeyOf } from '../api'

const SESSION_KEY = 'vigil.editor.session'

/**
 * This tab's editing session: random, kept in the tab's sessionStorage only across a reload of this tab (the
 * lock is still its own then, and its unsaved work is offered back: issue 6 "never loses work"), never taken
 * over by a duplicated or new tab, which is a new session.
 */
function tabSession(): string {
  const fresh = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')
  try {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    const id = (navigation?.type === 'reload' && sessionStorage.getItem(SESSION_KEY)) || fresh
    sessionStorage.setItem(SESSION_KEY, id)
    return id
  } catch {
    return fresh
  }
}

export const TAB_SESSION = tabSession()

export interface LockHolder {
  username: string
  /** the lock is the same user's, in another tab or session */
  sameUser: boolean
  /** unix seconds since the holder took it, 0 when unknown */
  since: number
}

/** The holder named by a refused lock call or save; null when the lock is simply gone (expired, released). */
export function holderOf(error: unknown): LockHolder | null {
  if (errorKeyOf(error) !== 'map_not_locked_by_user') return null
  const extra = errorExtraOf(error)
  return { username: String(extra.username ?? ''), sameUser: extra.same_user === true, since: Number(extra.since) || 0 }
}

/** Whether a failed call means this session no longer holds the lock. */
export const lockLost = (error: unknown) => ['map_not_locked_by_user', 'map_lock_not_found'].includes(errorKeyOf(error) ?? '')
