// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiFailure } from '../../../../src/app/api/api-failure'
import { isModuleAllowed, loginPath, moduleOfPath, runGuard, tokenFromSearch, type GuardDeps } from '../../../../src/app/guard/guard'
import { getToken, storeUrlToken } from '../../../../src/app/guard/token'
import type { CurrentUser } from '../../../../src/shared/api/users'
import { URL_TOKEN_TTL_S } from '../../../../src/shared/constants'
import { currentUser } from '../fixtures'

function deps(fetchUser: () => Promise<CurrentUser>, now = Date.now()) {
  const calls = { fetches: 0, tokenChanges: 0 }
  const d: GuardDeps = {
    getToken: () => getToken(localStorage, now),
    storeUrlToken: (t) => storeUrlToken(t, localStorage, now),
    onTokenChanged: () => void calls.tokenChanges++,
    fetchUser: () => {
      calls.fetches++
      return fetchUser()
    },
  }
  return { d, calls }
}

const everything = currentUser(['dashboard', 'monitoring', 'maps', 'risks', 'reports', 'assets', 'admin'])

describe('route guard (SPEC §4)', () => {
  beforeEach(() => localStorage.clear())

  it('stores a ?token= for 12 hours and uses it', async () => {
    const now = 1_700_000_000_000
    const { d, calls } = deps(async () => everything, now)
    const outcome = await runGuard({ pathname: '/dashboard', search: '?token=abc' }, tokenFromSearch('?token=abc'), d)
    expect(outcome.kind).toBe('allow')
    expect(calls.tokenChanges).toBe(1)
    expect(getToken(localStorage, now + (URL_TOKEN_TTL_S - 1) * 1000)).toBe('abc')
    expect(getToken(localStorage, now + URL_TOKEN_TTL_S * 1000)).toBeNull()
  })

  it('uses the stored token when the URL has none', async () => {
    storeUrlToken('stored')
    const { d, calls } = deps(async () => everything)
    expect((await runGuard({ pathname: '/dashboard', search: '' }, null, d)).kind).toBe('allow')
    expect(calls.fetches).toBe(1)
    expect(calls.tokenChanges).toBe(0)
  })

  it('sends a visitor without token to login with the original location, without fetching the user', async () => {
    const { d, calls } = deps(async () => everything)
    const outcome = await runGuard({ pathname: '/monitoring/hosts', search: '?filter=abc' }, null, d)
    expect(outcome).toEqual({ kind: 'login', to: '/login?redirect=%2Fmonitoring%2Fhosts%3Ffilter%3Dabc' })
    expect(calls.fetches).toBe(0)
  })

  it('sends to plain /login, without redirect, from the root', async () => {
    const { d } = deps(async () => everything)
    expect(await runGuard({ pathname: '/', search: '' }, null, d)).toEqual({ kind: 'login', to: '/login' })
  })

  it('sends to login when the server answers 401, and never puts the token in the redirect', async () => {
    const { d } = deps(async () => {
      throw new ApiFailure({ kind: 'http', status: 401, path: 'users/current' })
    })
    const outcome = await runGuard({ pathname: '/maps', search: '?token=old' }, 'old', d)
    expect(outcome).toEqual({ kind: 'login', to: '/login?redirect=%2Fmaps' })
  })

  it('marks the API as down on any other failure', async () => {
    storeUrlToken('t')
    for (const failure of [
      new ApiFailure({ kind: 'http', status: 500 }),
      new ApiFailure({ kind: 'network' }),
      new ApiFailure({ kind: 'timeout' }),
      new ApiFailure({ kind: 'parse', status: 200 }),
    ]) {
      const { d } = deps(async () => {
        throw failure
      })
      expect((await runGuard({ pathname: '/dashboard', search: '' }, null, d)).kind).toBe('api_down')
    }
  })

  it('refuses a module the user is not allowed (SPEC §6) and still lets them see risks and their own pages', async () => {
    storeUrlToken('t')
    const monitoringOnly = currentUser(['monitoring'])
    const { d } = deps(async () => monitoringOnly)
    expect((await runGuard({ pathname: '/admin/acme/users', search: '' }, null, d)).kind).toBe('not_authorized')
    expect((await runGuard({ pathname: '/maps/slideshows', search: '' }, null, d)).kind).toBe('not_authorized')
    for (const pathname of [
      '/',
      '/monitoring/hosts',
      '/risks',
      '/dev/tools',
      '/user/tokens',
      '/user/preferences',
      '/versions',
      '/supported_devices',
    ]) {
      expect((await runGuard({ pathname, search: '' }, null, d)).kind, pathname).toBe('allow')
    }
  })
})

describe('module of a path (SPEC §6: the first path segment)', () => {
  it('maps the root to monitoring and skips modules without check', () => {
    expect(moduleOfPath('/')).toBe('monitoring')
    expect(moduleOfPath('/reports/env/name/uptime-summary')).toBe('reports')
    expect(moduleOfPath('/risks/env')).toBeNull()
    expect(moduleOfPath('/constructor')).toBeNull()
    expect(isModuleAllowed('/assets/software', ['assets'])).toBe(true)
    expect(isModuleAllowed('/assets/software', ['monitoring'])).toBe(false)
  })

  it('keeps the search in the login redirect', () => {
    expect(loginPath({ pathname: '/', search: '?filter=x' })).toBe('/login?redirect=%2F%3Ffilter%3Dx')
  })
})
