/**
 * Navigation for code outside React (API client, version polling): the router registers itself here.
 * Also the page that replaces the screen after a 403 or 404 (SPEC §8), cleared on the next navigation.
 */
import { createStore } from 'zustand/vanilla'
import type { GuardLocation } from '../guard/guard'

export interface AppRouterLike {
  navigate(to: string, opts?: { replace?: boolean }): Promise<void> | void
  state: { location: GuardLocation }
}

let router: AppRouterLike | null = null

export function setAppRouter(next: AppRouterLike | null): void {
  router = next
}

export async function navigateTo(to: string, replace = false): Promise<void> {
  if (router) await router.navigate(to, { replace })
  else window.location.hash = `#${to}`
}

export function currentLocation(): GuardLocation {
  if (router) return router.state.location
  const hash = window.location.hash.replace(/^#/, '') || '/'
  const [pathname, search = ''] = hash.split('?')
  return { pathname, search: search ? `?${search}` : '' }
}

/** SPEC §8: 403 → not-authorized page, 404 → content-not-found page. */
export type BlockingPage = 'not_authorized' | 'content_not_found' | null

export const blockingPageStore = createStore<{ page: BlockingPage }>()(() => ({ page: null }))

export function showBlockingPage(page: BlockingPage): void {
  blockingPageStore.setState({ page })
}
