/**
 * Issue 13 "Headers and feed" (review L9, L11): who may open the live feed, and ending a session's sockets.
 *
 * A browser cannot set headers on a WebSocket, and a session token in the URL ends up in access logs. So
 * an authenticated `POST /api/v1/feed/ticket` hands out a ticket that opens one socket within 30 s. The
 * ticket is signed with a key derived from the secret key (shared by processes on one database, so any of
 * them may take the socket) and names the session token it stands for; a used ticket is remembered until
 * it expires, so it opens one socket per process.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { SecretBox } from '../security/secrets'
import { FEED_TICKET_TTL_S } from '../../shared/feed'
import type { FeedTicket } from '../../shared/api/feed'

const PURPOSE = 'feed ticket'

export function createFeedGate(box: SecretBox, nowMs: () => number = Date.now) {
  /** Nonces of used tickets until they expire; bounded by the tickets issued in the last 30 s. */
  const used = new Map<string, number>()
  /** Sockets by session token, so that a logout closes them at once. */
  const sessions = new Map<number, Set<() => void>>()

  const forget = (now: number) => {
    for (const [nonce, expires] of used) if (expires <= now) used.delete(nonce)
  }

  return {
    /** A ticket for the session token `tokenId`. */
    issue(tokenId: number): FeedTicket {
      const expiresMs = nowMs() + FEED_TICKET_TTL_S * 1000
      const body = `${tokenId}.${expiresMs}.${randomBytes(12).toString('base64url')}`
      return { ticket: `${body}.${box.sign(PURPOSE, body)}`, expires_at: Math.floor(expiresMs / 1000) }
    },

    /** The session token a ticket stands for; null when forged, expired or used before. */
    redeem(ticket: string): number | null {
      const [tokenId, expiresMs, nonce, mac] = ticket.split('.')
      if (!mac) return null
      const body = `${tokenId}.${expiresMs}.${nonce}`
      const expected = Buffer.from(box.sign(PURPOSE, body))
      const given = Buffer.from(mac)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      const now = nowMs()
      forget(now)
      if (Number(expiresMs) <= now || used.has(nonce)) return null
      used.set(nonce, Number(expiresMs))
      return Number(tokenId)
    },

    /** Registers a socket of a session; `end` closes it. Returns the function that unregisters it. */
    hold(tokenId: number, end: () => void): () => void {
      const ends = sessions.get(tokenId) ?? sessions.set(tokenId, new Set()).get(tokenId)!
      ends.add(end)
      return () => {
        ends.delete(end)
        if (!ends.size) sessions.delete(tokenId)
      }
    },

    /** The session ended (logout, revocation): its sockets close now, not at the next re-check. */
    endSession(tokenId: number) {
      for (const end of [...(sessions.get(tokenId) ?? [])]) end()
    },
  }
}
export type FeedGate = ReturnType<typeof createFeedGate>
