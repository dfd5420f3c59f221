/**
 * SPEC §4 "Version polling" decisions as a plain function; `useVersionPolling.ts` fetches /version.json
 * every 120 s (SPEC §9) and acts on the result.
 */
import type { VersionRecord } from '../../shared/api/auth'

export interface VersionState {
  /** The build this page runs; null until the first answer. */
  build: string | null
  /** SPEC §3 Version record `notified`: the person has been told about a new build (told once, until a reload). */
  notified: boolean
}

export type VersionAction = 'none' | 'reload' | 'notify' | 'maintenance'

export const INITIAL_VERSION_STATE: VersionState = { build: null, notified: false }

export function evaluateVersion(
  state: VersionState,
  record: VersionRecord,
  autoreload: boolean,
): { state: VersionState; action: VersionAction } {
  // SPEC §4: "When maintenance is true, the browser goes to the maintenance page."
  if (record.maintenance) return { state, action: 'maintenance' }
  if (state.build === null) return { state: { build: record.build, notified: false }, action: 'none' }
  // SPEC §4: "a release ending in '-silent' keeps the previous build".
  if (record.release.endsWith('-silent') || record.build === state.build || state.notified) {
    return { state, action: 'none' }
  }
  return { state: { ...state, notified: true }, action: autoreload ? 'reload' : 'notify' }
}

/**
 * A wall screen (SPEC §2 "`/fullscreen` appended to any map or slideshow URL") has nobody to press OK, so it
 * reloads into a new release whatever the preference says (issue 7 "survives a new release without a person").
 */
export function isKioskUrl(url: string): boolean {
  const { pathname, hash } = new URL(url)
  return isKioskRoute((hash.startsWith('#') ? hash.slice(1) : pathname).split('?')[0])
}

/** A route path of a wall screen: it ends in `/fullscreen`. */
export const isKioskRoute = (route: string) => /\/fullscreen\/?$/.test(route)

/** SPEC §2 "/maintenance.html?redirect={current url}". */
export function maintenanceUrl(currentUrl: string): string {
  return `/maintenance.html?redirect=${encodeURIComponent(currentUrl)}`
}
