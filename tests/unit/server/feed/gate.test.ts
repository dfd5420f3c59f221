/** Issue 13: a feed ticket opens one socket within 30 s, and a session's sockets end with it. */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createFeedGate } from '../../../../src/server/feed/gate'
import { secretBox } from '../../../../src/server/security/secrets'
import { FEED_TICKET_TTL_S } from '../../../../src/shared/feed'

describe('feed gate', () => {
  const key = randomBytes(32)

  it('opens with a ticket once, and not after 30 s', () => {
    let now = 1_000_000
    const gate = createFeedGate(secretBox(key), () => now)
    const { ticket, expires_at } = gate.issue(7)
    expect(expires_at).toBe(Math.floor(now / 1000) + FEED_TICKET_TTL_S)
    expect(gate.redeem(ticket)).toBe(7)
    expect(gate.redeem(ticket)).toBeNull()
    const late = gate.issue(7).ticket
    now += FEED_TICKET_TTL_S * 1000
    expect(gate.redeem(late)).toBeNull()
  })

  it("takes another process's tickets when it shares the secret key, and no one else's", () => {
    const issued = createFeedGate(secretBox(key)).issue(3).ticket
    expect(createFeedGate(secretBox(randomBytes(32))).redeem(issued)).toBeNull()
    expect(createFeedGate(secretBox(key)).redeem(issued)).toBe(3)
    const [, expires, nonce, mac] = issued.split('.')
    expect(createFeedGate(secretBox(key)).redeem(`4.${expires}.${nonce}.${mac}`)).toBeNull()
    expect(createFeedGate(secretBox(key)).redeem('garbage')).toBeNull()
  })

  it("ends the sockets held by a session, and only that session's", () => {
    const gate = createFeedGate(secretBox(key))
    const ended: string[] = []
    gate.hold(1, () => ended.push('a'))
    const release = gate.hold(1, () => ended.push('b'))
    gate.hold(2, () => ended.push('c'))
    release()
    gate.endSession(1)
    expect(ended).toEqual(['a'])
  })
})
