/**
 * Issue 13 "Headers and feed" (review L9, L11): the feed opens with a one-time ticket, never the session
 * token in its URL; logout closes a session's sockets at once and always ends the token; topics per
 * connection and connections per user and per address are bounded (SPEC §8 `invalid_token`, `limit_exceeded`).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startServer, DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, tokenOf, uniq, waitFor } from '../helpers/api'
import { feedTicket, feedUrl } from '../helpers/feed'
import { TOPICS_PER_CONNECTION, TOPICS_PER_MESSAGE, type ServerMessage } from '../../src/shared/feed'
import { invalidateScopes } from '../../src/server/store/scope'

interface Socket {
  messages: ServerMessage[]
  closed: Promise<number>
  next(pred: (m: ServerMessage) => boolean, ms?: number): Promise<ServerMessage>
  send(m: unknown): void
  close(): void
}

/** A WebSocket on `url` that records what it is sent and how it was closed. */
function open(url: string): Socket {
  const ws = new WebSocket(url)
  const messages: ServerMessage[] = []
  const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = []
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as ServerMessage
    messages.push(m)
    for (const w of [...waiters])
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(m)
      }
  })
  const ready = new Promise((resolve) => ws.once('open', resolve))
  return {
    messages,
    closed: new Promise((resolve) => ws.on('close', (code) => resolve(code))),
    next: (pred, ms = 2000) =>
      new Promise((resolve, reject) => {
        const hit = messages.find(pred)
        if (hit) return resolve(hit)
        const timer = setTimeout(() => reject(new Error(`no matching message within ${ms} ms`)), ms)
        waiters.push({
          pred,
          resolve: (m) => {
            clearTimeout(timer)
            resolve(m)
          },
        })
      }),
    send: (m) => void ready.then(() => ws.send(JSON.stringify(m))),
    close: () => ws.close(),
  }
}

/** A socket whose login succeeded: it answers a subscription. */
async function subscribed(url: string, topics: string[]): Promise<Socket> {
  const s = open(url)
  s.send({ op: 'subscribe', topics })
  await s.next((m) => m.op === 'subscribed')
  return s
}

/** The answer to a (un)subscription sent now, not an earlier one. */
async function answer(s: Socket, op: 'subscribe' | 'unsubscribe', topic: string) {
  const from = s.messages.length
  s.send({ op, topics: [topic] })
  return (await s.next((m) => m.op === 'subscribed' && s.messages.indexOf(m) >= from)) as Extract<ServerMessage, { op: 'subscribed' }>
}

/** Waits until the socket's user scope, reloaded in the background after a change of rights, no longer grants `topic`. */
const rescoped = (s: Socket, topic: string) =>
  waitFor(async () => {
    if ((await answer(s, 'subscribe', topic)).refused.includes(topic)) return true
    await answer(s, 'unsubscribe', topic)
    return false
  })

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))])

describe.each(DATABASES)('feed access on %s', (db) => {
  const {
    server,
    addTenant,
    addUser,
    tenants: { a },
  } = useApiSuite(db, { tenants: { a: 'administrator' } })
  let wsBase: string
  const setQuotas = (orgId: number, quotas: Record<string, number>) =>
    server.vigil.store.db
      .updateTable('organizations')
      .set({ quotas: JSON.stringify(quotas) })
      .where('id', '=', orgId)
      .execute()
  beforeAll(async () => {
    wsBase = `${server.baseUrl.replace('http', 'ws')}/api/v1/feed`
  })

  it('hands out a ticket valid for 30 s that opens one socket, once', async () => {
    const token = await tokenOf(server, a)
    const r = await client(server.baseUrl, token).post('/api/v1/feed/ticket')
    expect(r.status).toBe(200)
    expect(r.body.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(29)
    expect(r.body.expires_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(30)
    const first = await subscribed(`${wsBase}?ticket=${encodeURIComponent(r.body.ticket)}`, [`environment:${a.environmentId}`])
    expect(first.messages).toContainEqual({ op: 'subscribed', topics: [`environment:${a.environmentId}`], refused: [] })

    const again = open(`${wsBase}?ticket=${encodeURIComponent(r.body.ticket)}`)
    expect(await again.closed).toBe(4401)
    expect(again.messages).toEqual([{ op: 'error', key: 'invalid_token', message: expect.any(String) }])
    first.close()
  })

  it('refuses the session token in the URL, a forged ticket and no ticket with invalid_token and 4401', async () => {
    const token = await tokenOf(server, a)
    const ticket = await feedTicket(server.baseUrl, token)
    const [id, expires, nonce] = ticket.split('.')
    for (const query of [
      `?token=${encodeURIComponent(token)}`,
      `?ticket=${id}.${Number(expires) + 60_000}.${nonce}.${ticket.split('.')[3]}`,
      `?ticket=${id}.${expires}.${nonce}.AAAA`,
      '',
    ]) {
      const s = open(`${wsBase}${query}`)
      expect(await s.closed, query).toBe(4401)
      expect(s.messages, query).toEqual([{ op: 'error', key: 'invalid_token', message: expect.any(String) }])
    }
    expect((await client(server.baseUrl).post('/api/v1/feed/ticket')).status).toBe(401)
  })

  it('closes the sockets of a session at once on logout, and only those', async () => {
    const token = await tokenOf(server, a)
    const other = await tokenOf(server, a)
    const mine = await subscribed(await feedUrl(server.baseUrl, token), [`environment:${a.environmentId}`])
    const theirs = await subscribed(await feedUrl(server.baseUrl, other), [`environment:${a.environmentId}`])
    expect((await client(server.baseUrl, token).post('/api/v1/auth/logout')).status).toBe(204)
    expect(await within(mine.closed, 1000)).toBe(4401)
    expect(mine.messages.at(-1)).toMatchObject({ op: 'error', key: 'unauthenticated' })
    // A ticket of the ended session cannot be had, and the other session's socket still serves.
    expect((await client(server.baseUrl, token).post('/api/v1/feed/ticket')).status).toBe(401)
    theirs.send({ op: 'ping' })
    await theirs.next((m) => m.op === 'pong')
    theirs.close()
  })

  it('stops the deltas of an environment at once when the user loses it, without waiting for the 30 s re-check', async () => {
    const t = await addTenant()
    const db = server.vigil.store.db
    // A colleague keeps the environment and writes the results the user must stop seeing.
    const colleague = await addUser(t, 'administrator')
    const { api } = colleague
    expect(
      (await api.post('/api/v1/hosts/', { name: uniq('lose'), hostgroup_id: t.environmentId, check_type: '1', max_check_attempts: 1 }))
        .status,
    ).toBe(201)
    const { name: host, id: hostId } = (
      await api.get(`/api/v1/hosts/?filter=${encodeURIComponent(JSON.stringify({ hostgroup_id: t.environmentId }))}`)
    ).body.result[0] as { name: string; id: number }
    const s = await subscribed(await feedUrl(server.baseUrl, await tokenOf(server, t)), [`environment:${t.environmentId}`])
    const watcher = await subscribed(await feedUrl(server.baseUrl, await tokenOf(server, colleague)), [`environment:${t.environmentId}`])
    await api.post('/api/v1/results', { host, exit_status: 2, output: 'seen' })
    await s.next((m) => m.op === 'deltas' && m.deltas.some((d) => d.kind === 'state' && d.plugin_output === 'seen'))

    const user = await db.selectFrom('users').select('id').where('username', '=', t.username).executeTakeFirstOrThrow()
    await db.deleteFrom('user_rights').where('user_id', '=', user.id).execute()
    invalidateScopes()
    await rescoped(s, `host:${hostId}`)
    await api.post('/api/v1/results', { host, exit_status: 0, output: 'not for you' })
    // The keeper still sees the environment: once the delta reached it, a pong on the old socket comes after
    // anything the same fan-out wrote there.
    await watcher.next((m) => m.op === 'deltas' && m.deltas.some((d) => d.kind === 'state' && d.plugin_output === 'not for you'))
    s.send({ op: 'ping' })
    await s.next((m) => m.op === 'pong')
    watcher.close()
    expect(s.messages.some((m) => m.op === 'deltas' && m.deltas.some((d) => d.kind === 'state' && d.plugin_output === 'not for you'))).toBe(
      false,
    )
    s.close()
  })

  // Several processes on one PostgreSQL database share the feed (DESIGN.md "Scale").
  it('takes a ticket of another process on the database, and closes its socket at once on a logout there', async (ctx) => {
    ctx.skip(db !== 'pg', 'SQLite: processes share a database, and so the feed, only on PostgreSQL')
    const config = server.config
    const other = await startServer({ env: { DATABASE_URL: config.database.kind === 'postgres' ? config.database.url : '' } })
    try {
      const token = await tokenOf(server, a)
      const s = await subscribed(
        `${other.baseUrl.replace('http', 'ws')}/api/v1/feed?ticket=${encodeURIComponent(await feedTicket(server.baseUrl, token))}`,
        [`environment:${a.environmentId}`],
      )
      expect(s.messages).toContainEqual({ op: 'subscribed', topics: [`environment:${a.environmentId}`], refused: [] })
      expect((await client(server.baseUrl, token).post('/api/v1/auth/logout')).status).toBe(204)
      expect(await within(s.closed, 2000)).toBe(4401)
    } finally {
      await other.close()
    }
  })

  it('ends the token on logout whatever the body: empty or broken JSON, XML, an array', async () => {
    // A user of its own: the logins would take the login limit of the others' user.
    const t = await addTenant()
    for (const body of ['', '{"a": 1,,, oops', '<x/>', '[1,"x",{}]']) {
      const token = await tokenOf(server, t)
      const r = await fetch(`${server.baseUrl}/api/v1/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.startsWith('<') ? 'application/xml' : 'application/json' },
        body,
      })
      expect(r.status, body).toBe(204)
      expect((await client(server.baseUrl, token).get('/api/v1/users/current')).status, body).toBe(401)
    }
  })

  it(`refuses topics past ${TOPICS_PER_CONNECTION} on one connection with limit_exceeded, keeping the connection`, async () => {
    const hosts = await server.vigil.store.db
      .insertInto('hosts')
      .values(
        Array.from({ length: TOPICS_PER_CONNECTION + 10 }, (_, i) => ({
          name: uniq(`cap-${i}`),
          hostgroup_id: a.environmentId,
          created_time: 0,
          updated_time: 0,
        })),
      )
      .returning('id')
      .execute()
    const topics = hosts.map((h) => `host:${h.id}`)
    const s = await subscribed(await feedUrl(server.baseUrl, await tokenOf(server, a)), topics.slice(0, TOPICS_PER_MESSAGE))
    s.send({ op: 'subscribe', topics: topics.slice(TOPICS_PER_MESSAGE, 2 * TOPICS_PER_MESSAGE) })
    await s.next((m) => m.op === 'subscribed' && m.topics.length === 2 * TOPICS_PER_MESSAGE)
    s.send({ op: 'subscribe', topics: topics.slice(2 * TOPICS_PER_MESSAGE) })
    expect(await s.next((m) => m.op === 'error')).toEqual({
      op: 'error',
      key: 'limit_exceeded',
      message: expect.stringContaining(String(TOPICS_PER_CONNECTION)),
      extra_info: { limit: 'topics_per_connection', maximum: TOPICS_PER_CONNECTION },
    })
    const answer = await s.next((m) => m.op === 'subscribed' && m.refused.length > 0)
    expect(answer).toMatchObject({ topics: topics.slice(0, TOPICS_PER_CONNECTION), refused: topics.slice(TOPICS_PER_CONNECTION) })
    s.send({ op: 'ping' })
    await s.next((m) => m.op === 'pong')
    s.close()
  })

  it('caps feed connections per user and per address by the organization quotas (limit_exceeded, 4409)', async () => {
    const t = await addTenant()
    await setQuotas(t.organizationId, { feed_connections_per_user: 2, feed_connections_per_address: 3 })
    const token = await tokenOf(server, t)
    const topic = [`environment:${t.environmentId}`]
    const held = [
      await subscribed(await feedUrl(server.baseUrl, token), topic),
      await subscribed(await feedUrl(server.baseUrl, token), topic),
    ]
    const third = open(await feedUrl(server.baseUrl, token))
    expect(await third.closed).toBe(4409)
    expect(third.messages).toEqual([
      { op: 'error', key: 'limit_exceeded', message: expect.any(String), extra_info: { limit: 'feed_connections_per_user', maximum: 2 } },
    ])

    // Another user of the organization on the same address: the address has one left (other
    // organizations' sockets from this address count too, so only the limit is compared).
    await setQuotas(t.organizationId, { feed_connections_per_user: 2, feed_connections_per_address: 2 })
    const colleague = await addUser(t, 'operator')
    const fromSameAddress = open(await feedUrl(server.baseUrl, await tokenOf(server, colleague)))
    expect(await fromSameAddress.closed).toBe(4409)
    expect(fromSameAddress.messages[0]).toMatchObject({
      key: 'limit_exceeded',
      extra_info: { limit: 'feed_connections_per_address', maximum: 2 },
    })

    // A socket that closes gives its place back.
    const sockets = server.vigil.app.websocketServer.clients.size
    held[0].close()
    await held[0].closed
    await waitFor(async () => server.vigil.app.websocketServer.clients.size < sockets)
    held.push(await subscribed(await feedUrl(server.baseUrl, token), topic))
    for (const s of held.slice(1)) s.close()
  })
})
