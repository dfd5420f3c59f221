/** The app's live feed: one socket for the session, and hooks for screens (issue 3). */
import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import type { FeedDelta } from '../../shared/feed'
import { api, handleApiFailure } from '../api/api'
import { ApiFailure } from '../api/api-failure'
import { createFeedClient, type FeedState } from './feed-client'
import { getToken } from '../guard/token'
import { usePreferences } from '../preferences/preferences'
import { refreshIntervalsOf, type RefreshKind } from '../preferences/refresh-intervals'
import { AUTO_REFRESH_S } from '../../shared/constants'

/** Issue 13: a one-time ticket opens the socket, so the session token never travels in a URL. */
async function feedTicket(): Promise<string | null> {
  if (!getToken()) return null
  try {
    // The schema (with zod) loads with the first ticket, not with the shell's first script (issue 2 shell budget).
    const { FeedTicket } = await import('../../shared/api/feed')
    return (await api.request('feed/ticket', { method: 'POST', schema: FeedTicket, errorHandlerEnabled: false })).ticket
  } catch (failure) {
    // No session (none stored, changed meanwhile, or refused): no feed. A 401 goes to the SPEC §8 handler
    // (login) as for any other request; anything else is tried again with back-off.
    const ended = failure instanceof ApiFailure && (failure.kind === 'no_token' || failure.kind === 'stale_token' || failure.status === 401)
    if (!ended) throw failure
    if (failure.status === 401) handleApiFailure(failure)
    return null
  }
}

export const feed = createFeedClient({
  url: '/api/v1/feed',
  getTicket: feedTicket,
  // The page's address is read when a socket opens, not on import: route tables import this module too.
  createSocket: (path) => new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`),
})

/**
 * Receives the deltas of `topics` while the component is mounted; the socket opens on first use. `onLive` is
 * called when the server confirms one of them (first subscription, every reconnect): changes made before
 * that never arrive as deltas, so a screen refetches what it shows.
 */
export function useFeed(topics: string[], onDelta: (delta: FeedDelta) => void, onLive?: () => void) {
  const handler = useRef(onDelta)
  handler.current = onDelta
  const liveHandler = useRef(onLive)
  liveHandler.current = onLive
  const key = topics.join(',')
  useEffect(() => {
    feed.start()
    const offs = key
      .split(',')
      .filter(Boolean)
      .flatMap((t) => [feed.onLive(t, () => liveHandler.current?.()), feed.subscribe(t, (d) => handler.current(d))])
    return () => offs.forEach((off) => off())
  }, [key])
}

/** Issue 16: calls `onApproval` for each of the user's logins waiting for push approval (and their decisions). */
export function useApprovalFeed(onApproval: () => void) {
  const handler = useRef(onApproval)
  handler.current = onApproval
  useEffect(() => {
    feed.start()
    return feed.onApproval(() => handler.current())
  }, [])
}

/**
 * SPEC §9 auto-refresh as a fallback: a query polls at `seconds` only while the feed is down
 * (for TanStack Query's refetchInterval).
 */
export function usePollingWhileOffline(kind: RefreshKind): number | false {
  const status = useFeedState((s) => s.status)
  // Issue 16: the user's own interval for this kind of screen, else SPEC §9's.
  const [preferences] = usePreferences()
  const seconds = refreshIntervalsOf(preferences ?? {})[kind] ?? AUTO_REFRESH_S[kind]
  return status === 'open' ? false : seconds * 1000
}

/**
 * The feed's state, or the part `select` picks: a component re-renders only when that part changes. The whole
 * state changes at every message (lastMessageAt), 20 times a second on a busy wall.
 */
export function useFeedState<T = FeedState>(select: (s: FeedState) => T = (s) => s as T): T {
  return useStore(feed.state, select)
}

/**
 * Calls `onReconnect` each time the feed is open again after it was lost (network loss, server restart):
 * deltas of the meantime never arrive, so a screen refetches what it shows instead of calling stale data
 * live. Not on the session's first connection: a screen's own first fetch covers that.
 */
export function useFeedReconnect(onReconnect: () => void) {
  const handler = useRef(onReconnect)
  handler.current = onReconnect
  useEffect(() => {
    // lastMessageAt is set from the first open on: not open since then means deltas may have been missed.
    const missed = (s: { status: string; lastMessageAt: number | null }) => s.status !== 'open' && s.lastMessageAt !== null
    let lost = missed(feed.state.getState())
    return feed.state.subscribe((s) => {
      if (missed(s)) lost = true
      else if (s.status === 'open' && lost) {
        lost = false
        handler.current()
      }
    })
  }, [])
}
