/**
 * GET /api/v1/feed upgrades to a WebSocket (token in `?token=`, since browsers cannot set headers on one).
 * A client subscribes to topics it may see and receives every delta of them; nothing else is sent.
 */
import type { WebSocket } from 'ws'
import { z } from 'zod'
import type { RouteDeps, ZodApp } from '../http/types'
import { ClientMessage, SYSTEM_TOPIC, topicsOf, type FeedDelta, type ServerMessage } from '../../shared/feed'
import { seesSystemEvents } from '../store/events'
import { resolveToken } from '../store/tokens'
import { loadScope, type Scope } from '../store/scope'
import { bearerOf } from '../http/plugins/auth'
import { mapTopicIndex } from './map-topics'

// A client that cannot keep up is dropped; it reconnects and refetches.
const MAX_BUFFERED = 4 * 1024 * 1024
const SCOPE_REFRESH_MS = 30_000

interface Client {
  socket: WebSocket
  scope: Scope
  topics: Set<string>
}

export async function feedRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  const clients = new Set<Client>()

  const sendText = (c: Client, text: string) => {
    if (c.socket.readyState !== c.socket.OPEN) return
    if (c.socket.bufferedAmount > MAX_BUFFERED) return c.socket.close(1013, 'too slow')
    c.socket.send(text)
  }
  const send = (c: Client, msg: ServerMessage) => sendText(c, JSON.stringify(msg))

  // Deltas of one tick go out together: each is serialised once, and each client gets one message
  // (with 500 clients, one write per delta per client cost more than the rest of the server).
  let pending: { delta: FeedDelta; json: string; topics: string[]; maps: number[] }[] = []
  const maps = mapTopicIndex(store.db)
  /** A delta reaching a client through `map:<id>` topics names them (`maps`), so the browser can route it. */
  const jsonFor = (c: Client, p: (typeof pending)[number]) => {
    const via = p.maps.filter((id) => c.topics.has(`map:${id}`))
    return via.length ? `${p.json.slice(0, -1)},"maps":${JSON.stringify(via)}}` : p.json
  }
  const fanOut = () => {
    const batch = pending
    pending = []
    for (const c of clients) {
      const mine = batch.filter((p) => (p.delta.hostgroup_id === null
        // A delta of no environment is a system event: to administrators subscribed to `system` only.
        ? p.topics.includes(SYSTEM_TOPIC) && c.topics.has(SYSTEM_TOPIC) && seesSystemEvents(c.scope)
        : c.scope.environmentIds.includes(p.delta.hostgroup_id)
          && (p.topics.some((t) => c.topics.has(t)) || p.maps.some((id) => c.topics.has(`map:${id}`)))))
      if (mine.length) sendText(c, `{"op":"deltas","deltas":[${mine.map((p) => jsonFor(c, p)).join(',')}]}`)
    }
  }
  const enqueue = (delta: FeedDelta) => {
    if (!pending.length) setImmediate(fanOut)
    pending.push({ delta, json: JSON.stringify(delta), topics: topicsOf(delta), maps: maps.mapsOf(delta) })
  }
  const unsubscribe = bus.subscribe((delta: FeedDelta) => {
    // A map event (publish, archive, …) rebuilds the topics of the maps that show it (other processes hear it
    // too); it goes out once that is done, so a client that sees it gets the deltas of the new version.
    if (delta.kind === 'event' && typeof delta.map_id === 'number') {
      return void maps.refresh(delta.map_id).catch((err) => app.log.error({ err }, 'map topic refresh failed')).finally(() => enqueue(delta))
    }
    enqueue(delta)
  })
  app.addHook('onClose', async () => {
    unsubscribe()
    for (const c of clients) c.socket.close(1001, 'server closing')
  })

  /** Environments in scope; hosts and maps whose environment is in scope. */
  async function allowed(scope: Scope, topic: string): Promise<boolean> {
    if (topic === SYSTEM_TOPIC) return seesSystemEvents(scope)
    const [kind, idText] = topic.split(':')
    const id = Number(idText)
    if (kind === 'environment') return scope.environmentIds.includes(id)
    if (kind === 'host') {
      const host = await store.db.selectFrom('hosts').select('hostgroup_id').where('id', '=', id).executeTakeFirst()
      return !!host && scope.environmentIds.includes(host.hostgroup_id)
    }
    if (kind === 'map') {
      const map = await store.db.selectFrom('maps').select('hostgroup_id').where('id', '=', id).executeTakeFirst()
      return !!map && scope.environmentIds.includes(map.hostgroup_id)
    }
    return false
  }

  app.get('/feed', { websocket: true, schema: { querystring: z.object({ token: z.string().max(200).optional() }) } }, (socket, req) => {
    // Handlers are attached at once, so a subscription sent right after opening waits for the login.
    const token = req.query.token ?? bearerOf(req.headers.authorization)
    const ready: Promise<Client | null> = (async () => {
      const found = token ? await resolveToken(store.db, token) : undefined
      if (!found) {
        socket.send(JSON.stringify({ op: 'error', key: 'unauthenticated', message: 'token required' } satisfies ServerMessage))
        socket.close(4401, 'unauthenticated')
        return null
      }
      const client: Client = { socket, scope: await loadScope(store.db, found.userId), topics: new Set() }
      clients.add(client)
      const refresh = setInterval(async () => {
        if (!(await resolveToken(store.db, token!).catch(() => undefined))) return socket.close(4401, 'token expired')
        client.scope = await loadScope(store.db, found.userId)
      }, SCOPE_REFRESH_MS)
      socket.on('close', () => {
        clearInterval(refresh)
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
      for (const t of msg.topics) {
        if (!(await allowed(client.scope, t))) refused.push(t)
        else if (!client.topics.has(t)) {
          client.topics.add(t)
          if (t.startsWith('map:')) await maps.add(Number(t.slice(4))).catch((err) => req.log.error({ err }, 'map topic index failed'))
        }
      }
      send(client, { op: 'subscribed', topics: [...client.topics], refused })
    })
  })
}
