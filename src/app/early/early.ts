/**
 * Requests asked for as soon as the app starts, before its code has finished loading (issue 7 "first paint
 * under 1 s"): the current user for the route guard, and what a feature's route will need (the map viewer's
 * map). The token is the one the route guard will use (SPEC §4: a URL token first, else the stored one). A
 * query takes its early answer once through `earlyOr` and checks it like any answer; whatever failed, or was
 * not taken within a few seconds, is asked again the usual way — so this only ever saves time.
 */
import type { z } from 'zod'
import { getToken } from '../guard/token'
import { tokenFromSearch } from '../guard/guard'
import { CURRENT_USER_TIMEOUT_S } from '../../shared/constants'

const answers = new Map<string, { answer: Promise<unknown>; at: number }>()
/** An answer not taken by then is dropped: data read later must be current. */
const KEEP_MS = 10_000

/** The token of this page load: `?token=` in the hash route or before it, else the stored one. */
export function startupToken(location: Pick<Location, 'hash' | 'search'> = window.location): string | null {
  return tokenFromSearch(location.hash.split('?')[1] ?? '') ?? tokenFromSearch(location.search) ?? getToken()
}

/**
 * GET /api/v1/{url} now, kept for `earlyOr`. It obeys the SPEC §7/§9 10 s timeout (API and current user alike):
 * a query waiting on a hung early answer would otherwise never fail, and never show the API-down state.
 */
export function askEarly(url: string, token: string): Promise<unknown> {
  const signal = AbortSignal.timeout(CURRENT_USER_TIMEOUT_S * 1000)
  const answer = fetch(`/api/v1/${url}`, { headers: { authorization: `Bearer ${token}` }, signal }).then((r) =>
    r.ok ? r.json() : Promise.reject(new Error(`${r.status}`)),
  )
  keepEarly(url, answer)
  return answer
}

/** Keeps `answer` for the query that will ask for `url` (e.g. an answer asked for under another address). */
export function keepEarly(url: string, answer: Promise<unknown>): void {
  answers.set(url, { answer, at: Date.now() })
  answer.catch(() => answers.delete(url))
}

/** The early answer of `url` if there is a good one, else `request()`. */
export async function earlyOr<T>(url: string, schema: z.ZodType<T>, request: () => Promise<T>): Promise<T> {
  const early = answers.get(url)
  answers.delete(url)
  if (early && Date.now() - early.at < KEEP_MS) {
    const parsed = schema.safeParse(await early.answer.catch(() => undefined))
    if (parsed.success) return parsed.data
  }
  return request()
}
