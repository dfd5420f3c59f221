/**
 * SPEC §4 route guard as plain functions, so they test without React; `guard-loader.ts` wires them into
 * the router. Steps: (1) token from `?token=` stored 12 h, else the stored one; (2) fetch the current user;
 * (3) 401 or no token → /login keeping the original location unless it is the root; (4) another failure →
 * API down; (5) module check of SPEC §6 → not authorized.
 */
import type { CurrentUser } from '../../shared/api/users'
import type { Module } from '../../shared/enums'
import { isApiFailure } from '../api/api-failure'

export interface GuardLocation {
  pathname: string
  search: string
}

export type GuardOutcome =
  | { kind: 'allow'; user: CurrentUser }
  | { kind: 'login'; to: string }
  | { kind: 'api_down'; error: unknown }
  | { kind: 'not_authorized'; user: CurrentUser }

export interface GuardDeps {
  getToken(): string | null
  storeUrlToken(token: string): void
  /** Called when a URL token replaces a different stored one: cached data of the old user must go. */
  onTokenChanged(): void
  fetchUser(): Promise<CurrentUser>
}

/**
 * SPEC §6: "Most [routes] also need the user to have access to the content module named by the first path
 * segment." The root is the alerts overview (monitoring). Risks, dev tools, tokens, preferences, versions and
 * supported devices skip the check (SPEC §2 "Other routes, all without module check", "Risks … no module check").
 */
const MODULE_OF_SEGMENT: Readonly<Record<string, Module>> = {
  '': 'monitoring',
  monitoring: 'monitoring',
  dashboard: 'dashboard',
  maps: 'maps',
  reports: 'reports',
  assets: 'assets',
  admin: 'admin',
}

export function moduleOfPath(pathname: string): Module | null {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? ''
  return Object.hasOwn(MODULE_OF_SEGMENT, first) ? MODULE_OF_SEGMENT[first] : null
}

export function isModuleAllowed(pathname: string, allowedModules: readonly Module[]): boolean {
  const module = moduleOfPath(pathname)
  return module === null || allowedModules.includes(module)
}

/** SPEC §4 route guard 3: /login?redirect=<original location>, without redirect for the root. */
export function loginPath(location: GuardLocation): string {
  const original = location.pathname + location.search
  if (original === '/' || original === '') return '/login'
  return `/login?redirect=${encodeURIComponent(original)}`
}

/** SPEC §2 URL options: "A token query parameter on any URL logs the user in automatically." */
export function tokenFromSearch(search: string): string | null {
  const token = new URLSearchParams(search).get('token')
  return token && token.trim() !== '' ? token.trim() : null
}

/** The search string without its `token` parameter ('' when nothing else is left). */
export function searchWithoutToken(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('token')
  const rest = params.toString()
  return rest === '' ? '' : `?${rest}`
}

export async function runGuard(location: GuardLocation, urlToken: string | null, deps: GuardDeps): Promise<GuardOutcome> {
  if (urlToken !== null) {
    if (urlToken !== deps.getToken()) deps.onTokenChanged()
    deps.storeUrlToken(urlToken)
  }
  const cleanLocation = { pathname: location.pathname, search: searchWithoutToken(location.search) }
  if (deps.getToken() === null) return { kind: 'login', to: loginPath(cleanLocation) }
  let user: CurrentUser
  try {
    user = await deps.fetchUser()
  } catch (error) {
    if (isApiFailure(error) && (error.status === 401 || error.kind === 'no_token')) {
      return { kind: 'login', to: loginPath(cleanLocation) }
    }
    return { kind: 'api_down', error }
  }
  if (!isModuleAllowed(location.pathname, user.allowed_modules)) return { kind: 'not_authorized', user }
  return { kind: 'allow', user }
}
