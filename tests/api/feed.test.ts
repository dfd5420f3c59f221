/** The live feed (issue 3): a subscriber of an environment gets its deltas within a second; others don't. */
import { beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf } from '../helpers/api'
import { feedUrl } from '../helpers/feed'
import type { FeedDelta, ServerMessage } from '../../src/shared/feed'

type Message = Exclude<ServerMessage, { op: 'deltas' }> | { op: 'delta'; delta: FeedDelta }
interface FeedClient {
  messages: Message[]
  next(pred: (m: Message) => boolean, ms?: number): Promise<Message>
  send(m: unknown): void
  close(): void
}

async function connect(baseUrl: string, token: string): Promise<FeedClient> {
  const ws = new WebSocket(await feedUrl(baseUrl, token))
  const messages: Message[] = []
  const waiters: { pred: (m: Message) => boolean; resolve: (m: Message) => void }[] = []
  // A `deltas` message is read as one `delta` per entry, so each can be waited for on its own.
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as ServerMessage
    for (const one of m.op === 'deltas' ? m.deltas.map((delta) => ({ op: 'delta' as const, delta })) : [m]) {
      messages.push(one)
      for (const w of [...waiters])
        if (w.pred(one)) {
          waiters.splice(waiters.indexOf(w), 1)
          w.resolve(one)
        }
    }
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return {
    messages,
    next: (pred, ms = 1000) =>
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
    send: (m) => ws.send(JSON.stringify(m)),
    close: () => ws.close(),
  }
}

describe.each(DATABASES)('live feed on %s', (db) => {
  const {
    server,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let hostId: number
  beforeAll(async () => {
    hostId = (await a.api.post('/api/v1/hosts/', { name: 'feed-host', hostgroup_id: a.environmentId, check_type: '1' })).body.id
  })

  it('delivers the delta of a state change to a subscriber within a second, and not to another organization', async () => {
    const mine = await connect(server.baseUrl, await tokenOf(server, a))
    const theirs = await connect(server.baseUrl, await tokenOf(server, b))
    mine.send({ op: 'subscribe', topics: [`environment:${a.environmentId}`] })
    theirs.send({ op: 'subscribe', topics: [`environment:${a.environmentId}`, `host:${hostId}`, `environment:${b.environmentId}`] })
    expect(await mine.next((m) => m.op === 'subscribed')).toEqual({
      op: 'subscribed',
      topics: [`environment:${a.environmentId}`],
      refused: [],
    })
    expect(await theirs.next((m) => m.op === 'subscribed')).toEqual({
      op: 'subscribed',
      topics: [`environment:${b.environmentId}`],
      refused: [`environment:${a.environmentId}`, `host:${hostId}`],
    })

    const sent = Date.now()
    await a.api.post('/api/v1/results', { host: 'feed-host', exit_status: 2, output: 'PING CRITICAL - host down' })
    const delta = await mine.next((m) => m.op === 'delta' && m.delta.kind === 'state', 1000)
    expect(Date.now() - sent).toBeLessThan(1000)
    expect(delta).toMatchObject({
      op: 'delta',
      delta: { kind: 'state', object: 'host', id: hostId, state: 'down', plugin_output: 'PING CRITICAL - host down' },
    })
    await mine.next((m) => m.op === 'delta' && m.delta.kind === 'event' && m.delta.status === 'down')
    // A change in their own environment, committed later, reaches them after any leak would have (commit order).
    await b.api.post('/api/v1/hosts/', { name: 'their-host', hostgroup_id: b.environmentId, check_type: '1' })
    await b.api.post('/api/v1/results', { host: 'their-host', exit_status: 2, output: 'theirs' })
    await theirs.next((m) => m.op === 'delta' && m.delta.kind === 'state' && m.delta.plugin_output === 'theirs')
    expect(theirs.messages.filter((m) => m.op === 'delta' && m.delta.hostgroup_id !== b.environmentId)).toEqual([])
    mine.close()
    theirs.close()
  })

  it('refuses a connection without a valid token', async () => {
    const ws = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/v1/feed?token=nope`)
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)))
    expect(code).toBe(4401)
  })

  it('answers an unreadable message with invalid_input and keeps the connection', async () => {
    const c = await connect(server.baseUrl, await tokenOf(server, a))
    c.send({ op: 'subscribe', topics: ['everything'] })
    expect(await c.next((m) => m.op === 'error')).toMatchObject({ key: 'invalid_input' })
    c.send({ op: 'ping' })
    expect(await c.next((m) => m.op === 'pong')).toEqual({ op: 'pong' })
    c.close()
  })
})
