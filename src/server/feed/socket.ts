/**
 * GET /api/v1/feed upgrades to a WebSocket, opened with a one-time `?ticket=` from POST /api/v1/feed/ticket
 * (feed/gate.ts; browsers cannot set headers on a WebSocket) or, for other clients, a bearer header.
 * A client subscribes to topics it may see and receives every delta of them; nothing else is sent.
 */
import type { WebSocket } from 'ws'
import { z } from 'zod'
import type { RouteDeps, ZodApp } from '../http/types'
import {
  APPROVALS_TOPIC,
  ClientMessage,
  FEED_CLOSE,
  SYSTEM_TOPIC,
  TOPICS_PER_CONNECTION,
  topicsOf,
  type FeedDelta,
  type ServerMessage,
} from '../../shared/feed'
import { seesSystemEvents } from '../store/events'
import { resolveToken, sessionOf, type ResolvedToken } from '../store/tokens'
import { scopeOfToken, wallMapIds } from '../store/wall-tokens'
import { onScopesInvalidated, type Scope } from '../store/scope'
import { readQuotas } from '../store/quotas'
import { environmentOfHost } from '../store/hosts'
import { environmentOfMap } from '../store/maps'
import { bearerOf } from '../http/plugins/auth'
import { mapTopicIndex } from './map-topics'
import { coalesce } from './coalesce'
import type { FeedGate } from './gate'

// A client that cannot keep up is dropped; it reconnects and refetches.
const MAX_BUFFERED = 4 * 1024 * 1024
const SCOPE_REFRESH_MS = 30_000
/**
 * A busy feed sends at most one batch per this many ms; the first delta after a quiet spell goes at once. At
 * 40 results a second, one batch per result made 500 sockets take ~15,000 writes a second, the server's
 * biggest cost under `bench/load` (issue 20); the added wait stays far inside the second a change may take to
 * reach the wall.
 */
export const FAN_OUT_GAP_MS = 50

interface Client {
  socket: WebSocket
  scope: Scope
  topics: Set<string>
  address: string
  /** the token the socket stands for; a wall token's socket hears only its maps (issue 16) */
  token: ResolvedToken
}

interface Pending {
  delta: FeedDelta
  json: string
  topics: string[]
  maps: number[]
}

export async function feedRoutes(app: ZodApp, { store, bus, gate }: RouteDeps & { gate: FeedGate }) {
  const clients = new Set<Client>()

  const sendText = (c: Client, text: string | Buffer) => {
    if (c.socket.readyState !== c.socket.OPEN) return
    if (c.socket.bufferedAmount > MAX_BUFFERED) return c.socket.close(1013, 'too slow')
    // A text frame either way: a Buffer is a message already encoded once for many sockets.
    c.socket.send(text, { binary: false })
  }
  const send = (c: Client, msg: ServerMessage) => sendText(c, JSON.stringify(msg))

  // Deltas of one tick go out together: each is serialised once, and each client gets one message
  // (with 500 clients, one write per delta per client cost more than the rest of the server).
  let pending: Pending[] = []
  const maps = mapTopicIndex(store.db)
  /** A delta reaching a client through `map:<id>` topics names them (`maps`), so the browser can route it. */
  const jsonFor = (c: Client, p: Pending) => {
    const via = p.maps.filter((id) => c.topics.has(`map:${id}`))
    return via.length ? `${p.json.slice(0, -1)},"maps":${JSON.stringify(via)}}` : p.json
  }
  const fanOut = () => {
    const batch = pending
    pending = []
    // Clients that get the same deltas get the same bytes: each message is built and encoded once per batch
    // (500 sockets watching a few screens share a handful of messages).
    const messages = new Map<string, Buffer>()
    for (const c of clients) {
      const mine: number[] = []
      batch.forEach((p, i) => {
        if (reaches(c, p)) mine.push(i)
      })
      if (!mine.length) continue
      // Deltas of maps name the client's own map topics (jsonFor): then the text itself is the key, never
      // mistaken for a list of indices.
      const key = mine.some((i) => batch[i].maps.length) ? mine.map((i) => jsonFor(c, batch[i])).join(',') : mine.join(',')
      let message = messages.get(key)
      if (!message) {
        const deltas = key.startsWith('{') ? key : mine.map((i) => batch[i].json).join(',')
        messages.set(key, (message = Buffer.from(`{"op":"deltas","deltas":[${deltas}]}`)))
      }
      sendText(c, message)
    }
  }
  const scheduleFanOut = coalesce(fanOut, FAN_OUT_GAP_MS)
  const reaches = (c: Client, p: Pending) =>
    p.delta.hostgroup_id === null
      ? // A delta of no environment is a system event: to administrators subscribed to `system` only.
        p.topics.includes(SYSTEM_TOPIC) && c.topics.has(SYSTEM_TOPIC) && seesSystemEvents(c.scope)
      : c.scope.environmentIds.includes(p.delta.hostgroup_id) &&
        (p.topics.some((t) => c.topics.has(t)) || p.maps.some((id) => c.topics.has(`map:${id}`)))
  const enqueue = (delta: FeedDelta) => {
    scheduleFanOut()
    pending.push({ delta, json: JSON.stringify(delta), topics: topicsOf(delta), maps: maps.mapsOf(delta) })
  }
  // Issue 16: a login waiting for push approval goes to the same user's sessions only, at once.
  const stopApprovals = bus.onApproval((approval) => {
    for (const c of clients)
      if (c.topics.has(APPROVALS_TOPIC) && c.scope.userId === approval.user_id && !c.token.wall) send(c, { op: 'approval', approval })
  })
  const unsubscribe = bus.subscribe((delta: FeedDelta) => {
    // A map event (publish, archive, …) rebuilds the topics of the maps that show it (other processes hear it
    // too); it goes out once that is done, so a client that sees it gets the deltas of the new version.
    if (delta.kind === 'event' && typeof delta.map_id === 'number') {
      return void maps
        .refresh(delta.map_id)
        .catch((err) => app.log.error({ err }, 'map topic refresh failed'))
        .finally(() => enqueue(delta))
    }
    enqueue(delta)
  })
  // Rights or tenancy changed: every socket sees with its user's new scope now, not at the next re-check.
  let rescoping = false
  const stopRescoping = onScopesInvalidated(() => {
    if (rescoping) return
    rescoping = true
    setImmediate(() => {
      rescoping = false
      for (const c of clients) {
        scopeOfToken(store.db, c.token).then(
          (scope) => {
            c.scope = scope
          },
          () => c.socket.close(FEED_CLOSE.unauthenticated, 'user gone'),
        )
      }
    })
  })
  // Logout in any process sharing the bus closes this process's sockets of the session.
  const stopEnding = bus.onSessionEnded((tokenId) => gate.endSession(tokenId))
  app.addHook('onClose', async () => {
    stopEnding()
    stopApprovals()
    stopRescoping()
    unsubscribe()
    for (const c of clients) c.socket.close(1001, 'server closing')
  })

  /** Environments in scope; hosts and maps whose environment is in scope. */
  async function allowed({ scope, token }: Client, topic: string): Promise<boolean> {
    if (token.wall) return topic.startsWith('map:') && (await wallMapIds(store.db, token.wall)).has(Number(topic.slice(4)))
    if (topic === SYSTEM_TOPIC) return seesSystemEvents(scope)
    if (topic === APPROVALS_TOPIC) return true
    const [kind, idText] = topic.split(':')
    const id = Number(idText)
    if (kind === 'environment') return scope.environmentIds.includes(id)
    if (kind === 'host' || kind === 'map') {
      const environmentId = await (kind === 'host' ? environmentOfHost : environmentOfMap)(store.db, id)
      return environmentId !== null && scope.environmentIds.includes(environmentId)
    }
    return false
  }

  /** Ends a connection with a SPEC §8 key; the close code is 4000 + the key's HTTP status (FEED_CLOSE). */
  const refuse = (socket: WebSocket, code: number, error: Extract<ServerMessage, { op: 'error' }>) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(error))
    socket.close(code, error.key)
  }

  /** Issue 13: feed connections per user and per address, from the user's organization's quotas. */
  async function overQuota(scope: Scope, address: string) {
    const quotas = await readQuotas(store.db, scope.organizationId)
    let mine = 0
    let fromThere = 0
    for (const c of clients) {
      if (c.scope.userId === scope.userId) mine++
      if (c.address === address) fromThere++
    }
    if (mine >= quotas.feed_connections_per_user) return { limit: 'feed_connections_per_user', maximum: quotas.feed_connections_per_user }
    if (fromThere >= quotas.feed_connections_per_address)
      return { limit: 'feed_connections_per_address', maximum: quotas.feed_connections_per_address }
    return null
  }

  app.get('/feed', { websocket: true, schema: { querystring: z.object({ ticket: z.string().max(200).optional() }) } }, (socket, req) => {
    // Handlers are attached at once, so a subscription sent right after opening waits for the login.
    const ready: Promise<Client | null> = (async () => {
      const bearer = bearerOf(req.headers.authorization)
      const tokenId = req.query.ticket
        ? gate.redeem(req.query.ticket)
        : bearer
          ? (await resolveToken(store.db, bearer))?.tokenId
          : undefined
      const session = typeof tokenId === 'number' ? await sessionOf(store.db, tokenId) : undefined
      if (!session) {
        refuse(socket, FEED_CLOSE.unauthenticated, {
          op: 'error',
          key: 'invalid_token',
          message: 'a valid, unused feed ticket is required',
        })
        return null
      }
      const client: Client = { socket, scope: await scopeOfToken(store.db, session), topics: new Set(), address: req.ip, token: session }
      const over = await overQuota(client.scope, client.address)
      if (over) {
        refuse(socket, FEED_CLOSE.limitExceeded, {
          op: 'error',
          key: 'limit_exceeded',
          message: `maximum ${over.maximum} (${over.limit})`,
          extra_info: over,
        })
        return null
      }
      // Closed while logging in: nothing to hold.
      if (socket.readyState !== socket.OPEN) return null
      clients.add(client)
      const release = gate.hold(session.tokenId, () =>
        refuse(socket, FEED_CLOSE.unauthenticated, { op: 'error', key: 'unauthenticated', message: 'session ended' }),
      )
      const refresh = setInterval(async () => {
        if (!(await sessionOf(store.db, session.tokenId).catch(() => undefined)))
          return socket.close(FEED_CLOSE.unauthenticated, 'token expired')
        client.scope = await scopeOfToken(store.db, session)
      }, SCOPE_REFRESH_MS)
      socket.on('close', () => {
        clearInterval(refresh)
        release()
        clients.delete(client)
        for (const t of client.topics) if (t.startsWith('map:')) maps.remove(Number(t.slice(4)))
      })
      return client
    })().catch((err) => {
      req.log.error({ err }, 'feed login failed')
      socket.close(1011, 'internal error')
      return null
    })

    socket.on('message', async (raw: Buffer) => {
      const client = await ready
      if (!client) return
      let msg: ClientMessage
      try {
        msg = ClientMessage.parse(JSON.parse(raw.toString()))
      } catch {
        return send(client, { op: 'error', key: 'invalid_input', message: 'unreadable message' })
      }
      if (msg.op === 'ping') return send(client, { op: 'pong' })
      if (msg.op === 'unsubscribe') {
        for (const t of msg.topics) if (client.topics.delete(t) && t.startsWith('map:')) maps.remove(Number(t.slice(4)))
        return send(client, { op: 'subscribed', topics: [...client.topics], refused: [] })
      }
      const refused: string[] = []
      let full = false
      for (const t of msg.topics) {
        if (client.topics.has(t)) continue
        // Issue 13: past the cap a topic is refused before it costs a query.
        if (client.topics.size >= TOPICS_PER_CONNECTION) {
          full = true
          refused.push(t)
        } else if (!(await allowed(client, t))) refused.push(t)
        else {
          client.topics.add(t)
          if (t.startsWith('map:')) await maps.add(Number(t.slice(4))).catch((err) => req.log.error({ err }, 'map topic index failed'))
        }
      }
      if (full) {
        send(client, {
          op: 'error',
          key: 'limit_exceeded',
          message: `maximum ${TOPICS_PER_CONNECTION} topics per connection`,
          extra_info: { limit: 'topics_per_connection', maximum: TOPICS_PER_CONNECTION },
        })
      }
      send(client, { op: 'subscribed', topics: [...client.topics], refused })
    })
  })
}
