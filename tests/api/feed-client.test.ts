/** The browser's feed client against the real server: live deltas, and reconnect + resubscribe after a restart. */
import { beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { useApiSuite } from '../helpers/suite'
import { createFeedClient } from '../../src/app/feed/feed-client'
import type { FeedDelta, ServerMessage } from '../../src/shared/feed'
import { waitFor } from '../helpers/api'
import { feedTicket } from '../helpers/feed'

const until = (cond: () => boolean) => waitFor(async () => cond())

describe('feed client', () => {
  const {
    server,
    tenants: { t },
  } = useApiSuite('sqlite', { tenants: { t: 'administrator' } })
  let token: string
  beforeAll(async () => {
    await t.api.post('/api/v1/hosts/', { name: 'fc-host', hostgroup_id: t.environmentId, check_type: '1' })
    token = (
      await (
        await fetch(`${server.baseUrl}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: t.username, password: t.password }),
        })
      ).json()
    ).token
  })

  /** The browser's feed client on real sockets; the topics the server confirmed on the current one; sockets opened. */
  const feedClient = () => {
    const confirmed = new Set<string>()
    let connections = 0
    const client = createFeedClient({
      url: `${server.baseUrl.replace('http', 'ws')}/api/v1/feed`,
      getTicket: () => feedTicket(server.baseUrl, token),
      createSocket: (url) => {
        confirmed.clear()
        connections++
        const socket = new WebSocket(url)
        socket.on('message', (data) => {
          const msg = JSON.parse(String(data)) as ServerMessage
          if (msg.op === 'subscribed') for (const topic of msg.topics) confirmed.add(topic)
        })
        return socket as unknown as globalThis.WebSocket
      },
      backoffMs: [50],
    })
    return { client, confirmed, connections: () => connections }
  }

  it('delivers deltas of subscribed topics and reconnects with its subscriptions after the connection drops', async () => {
    const { client, confirmed, connections } = feedClient()
    const got: FeedDelta[] = []
    client.subscribe(`environment:${t.environmentId}`, (d) => got.push(d))
    client.start()
    // Results flow only to topics the server has confirmed.
    await until(() => confirmed.has(`environment:${t.environmentId}`))
    await t.api.post('/api/v1/results', { host: 'fc-host', exit_status: 2, output: 'first' })
    await until(() => got.some((d) => d.kind === 'state' && d.plugin_output === 'first'))

    // Drop every connection on the server side, as a restart or network loss would.
    const before = connections()
    for (const c of server.vigil.app.websocketServer.clients) c.terminate()
    // Reconnected and resubscribed: a new socket, and the topic confirmed on it.
    await until(() => connections() > before && confirmed.has(`environment:${t.environmentId}`))
    await t.api.post('/api/v1/results', { host: 'fc-host', exit_status: 0, output: 'second' })
    await until(() => got.some((d) => d.kind === 'state' && d.plugin_output === 'second'))
    expect(got.filter((d) => d.kind === 'state').map((d) => d.kind === 'state' && d.state)).toEqual(['down', 'up'])
    client.stop()
  })

  it('tells a screen when its topic is live, once per socket, so it refetches what changed before', async () => {
    const { client, connections } = feedClient()
    const topic = `environment:${t.environmentId}`
    let live = 0
    client.onLive(topic, () => live++)
    client.subscribe(topic, () => {})
    client.start()
    await until(() => live === 1)
    // Another topic's confirmation lists this one again: not news.
    client.subscribe('environment:999999', () => {})
    client.subscribe(`host:999999`, () => {})
    await new Promise((r) => setTimeout(r, 300))
    expect(live).toBe(1)
    // A reconnect leaves a gap no delta covers: live again.
    const before = connections()
    for (const c of server.vigil.app.websocketServer.clients) c.terminate()
    await until(() => connections() > before && live === 2)
    client.stop()
  })

  it('subscribes to more topics than one message may carry (TOPICS_PER_MESSAGE) by sending them in parts', async () => {
    const { client, confirmed } = feedClient()
    const got: FeedDelta[] = []
    // Environments the user cannot see are refused one by one; the visible one, last of 700, still subscribes.
    for (let i = 1; i <= 700; i++) client.subscribe(`environment:${1_000_000 + i}`, () => {})
    client.subscribe(`environment:${t.environmentId}`, (d) => got.push(d))
    client.start()
    // The visible environment, in the last part, is confirmed: every part was sent and answered.
    await until(() => confirmed.has(`environment:${t.environmentId}`))
    await t.api.post('/api/v1/results', { host: 'fc-host', exit_status: 1, output: 'many topics' })
    await until(() => got.some((d) => d.kind === 'state' && d.plugin_output === 'many topics'))
    client.stop()
  })
})
