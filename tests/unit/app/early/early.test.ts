// @vitest-environment jsdom
/**
 * Early requests (issue 7 first paint): a map viewer route asks for the map, its live document and its states
 * at once, all by name, with the token the route guard will use (SPEC §4: URL first, else stored); a query takes each
 * answer once and checks it, and falls back to its own request when the early one failed or is too old.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { askEarly, earlyOr, startupToken } from '../../../../src/app/early/early'
import { mapUrls } from '../../../../src/viewer/api'
import { storeUrlToken, clearToken } from '../../../../src/app/guard/token'
import { startEarlyMapFetch } from '../../../../src/viewer/early'
import { takeEarlyIdentity } from '../../../../src/viewer/early-identity'

const asked: { url: string; authorization: string }[] = []
const answerOf = (url: string): unknown =>
  url.endsWith('/states') ? { map_id: 7, states: true } : url.includes('/document') ? { map_id: 7, version: 1 } : { id: 7 }

beforeEach(() => {
  asked.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      asked.push({ url, authorization: init.headers.authorization })
      return new Response(JSON.stringify(answerOf(url)), { status: url.includes('missing') ? 404 : 200 })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  clearToken()
})

const until = async (n: number) => {
  for (let i = 0; i < 50 && asked.length < n; i++) await new Promise((r) => setTimeout(r, 1))
}

describe('early map requests', () => {
  it('asks for the map, its live document and states at once by name, with the URL token', async () => {
    storeUrlToken('stored-token')
    startEarlyMapFetch({ hash: '#/maps/Local%20site/core%20net/fullscreen?token=url-token', search: '' })
    await until(3)
    const byName = '/api/v1/maps/by-name/Local%20site/core%20net'
    expect(asked.map((a) => a.url).sort()).toEqual([byName, `${byName}/document?version=live`, `${byName}/states`])
    expect(new Set(asked.map((a) => a.authorization))).toEqual(new Set(['Bearer url-token']))
  })

  it('hands the by-name document and states to the queries that ask for them by id, without asking again', async () => {
    storeUrlToken('stored-token')
    startEarlyMapFetch({ hash: '#/maps/Local/core', search: '' })
    await until(3)
    const fallback = vi.fn(async (): Promise<never> => {
      throw new Error('asked again')
    })
    await new Promise((r) => setTimeout(r, 5))
    await expect(earlyOr(mapUrls.states(7), z.looseObject({ states: z.literal(true) }), fallback)).resolves.toMatchObject({ states: true })
    await expect(earlyOr(mapUrls.liveDocument(7), z.looseObject({ version: z.literal(1) }), fallback)).resolves.toMatchObject({
      version: 1,
    })
    expect(fallback).not.toHaveBeenCalled()
    expect(asked).toHaveLength(3)
  })

  it("tells a wall its map's id and live version from the document while the info is still on its way (issue 19)", async () => {
    let answerInfo = (_: Response) => undefined as void
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push({ url, authorization: '' })
        // The server answers the info only after it has read the states.
        if (url.endsWith('/core')) return new Promise<Response>((resolve) => (answerInfo = resolve))
        return new Response(JSON.stringify(answerOf(url)))
      }),
    )
    storeUrlToken('stored-token')
    startEarlyMapFetch({ hash: '#/maps/Local/core/fullscreen', search: '' })
    await until(3)
    await expect(takeEarlyIdentity(mapUrls.byName('Local', 'core'))).resolves.toEqual({ id: 7, version: 1 })
    const fallback = vi.fn(async (): Promise<never> => {
      throw new Error('asked again')
    })
    await expect(earlyOr(mapUrls.liveDocument(7), z.looseObject({ version: z.literal(1) }), fallback)).resolves.toMatchObject({
      version: 1,
    })
    await expect(earlyOr(mapUrls.states(7), z.looseObject({ states: z.literal(true) }), fallback)).resolves.toMatchObject({ states: true })
    // Handed over once: the info's answer does not offer the same answers again to a later query.
    answerInfo(new Response(JSON.stringify({ id: 7 })))
    await new Promise((r) => setTimeout(r, 5))
    const again = vi.fn(async () => ({ states: true as const, again: true }))
    await expect(earlyOr(mapUrls.states(7), z.looseObject({ states: z.literal(true) }), again)).resolves.toMatchObject({ again: true })
    expect(fallback).not.toHaveBeenCalled()
    // A map the app did not start on has no early identity.
    await expect(takeEarlyIdentity(mapUrls.byName('Local', 'other'))).resolves.toBeNull()
  })

  it('uses the stored token without one in the URL, and asks nothing without any token', async () => {
    startEarlyMapFetch({ hash: '#/maps/Local/core', search: '' })
    await until(1)
    expect(asked).toEqual([])
    storeUrlToken('stored-token')
    expect(startupToken({ hash: '#/maps/Local/core', search: '' })).toBe('stored-token')
    startEarlyMapFetch({ hash: '#/maps/Local/core/view', search: '' })
    await until(3)
    expect(asked).toContainEqual({ url: '/api/v1/maps/by-name/Local/core', authorization: 'Bearer stored-token' })
  })

  it('asks nothing on other routes: the editor, slideshows, lists', async () => {
    storeUrlToken('stored-token')
    for (const hash of ['#/maps/Local/core/edit', '#/maps/slideshows/Local/noc', '#/maps', '#/monitoring/hosts'])
      startEarlyMapFetch({ hash, search: '' })
    await until(1)
    expect(asked).toEqual([])
  })
})

describe('earlyOr', () => {
  const Info = z.object({ id: z.number() })

  it('takes an early answer once, then requests again', async () => {
    await askEarly('maps/by-name/A/b', 't')
    const request = vi.fn(async () => ({ id: 99 }))
    await expect(earlyOr('maps/by-name/A/b', Info, request)).resolves.toEqual({ id: 7 })
    expect(request).not.toHaveBeenCalled()
    await expect(earlyOr('maps/by-name/A/b', Info, request)).resolves.toEqual({ id: 99 })
  })

  it('requests itself when the early answer failed, does not fit the schema, or is older than 10 s', async () => {
    const request = vi.fn(async () => ({ id: 99 }))
    await askEarly('maps/by-name/missing/x', 't').catch(() => undefined)
    await expect(earlyOr('maps/by-name/missing/x', Info, request)).resolves.toEqual({ id: 99 })
    await askEarly('maps/7/states', 't')
    await expect(earlyOr('maps/7/states', Info, request)).resolves.toEqual({ id: 99 })
    vi.useFakeTimers({ toFake: ['Date'] })
    await askEarly('maps/by-name/A/b', 't')
    vi.setSystemTime(Date.now() + 10_001)
    await expect(earlyOr('maps/by-name/A/b', Info, request)).resolves.toEqual({ id: 99 })
    expect(request).toHaveBeenCalledTimes(3)
  })
})
