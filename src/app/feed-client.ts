/**
 * The browser's one live-feed socket (issue 3, DESIGN.md "The way data flows" 3): subscribes to the
 * topics on screen (reference-counted), reconnects with back-off after network loss or a server
 * restart, resubscribes, and reports whether it is live so that SPEC §9 polling applies meanwhile.
 */
import { createStore } from 'zustand/vanilla'
import { TOPICS_PER_MESSAGE, topicsOf, type FeedDelta, type ServerMessage } from '../shared/feed'

export type FeedStatus = 'connecting' | 'open' | 'closed'

export interface FeedState {
  status: FeedStatus
  /** ms timestamp of the last message: the "data last confirmed" of a freshness indicator */
  lastMessageAt: number | null
}

export interface FeedClientDeps {
  /** ws:// or wss:// URL of /api/v1/feed, without the token */
  url: string
  getToken(): string | null
  createSocket(url: string): WebSocket
  /** back-off steps in ms, last one repeats */
  backoffMs?: number[]
  /** a ping every this many ms notices a dead connection */
  pingMs?: number
}

type Listener = (delta: FeedDelta) => void

export function createFeedClient(deps: FeedClientDeps) {
  const backoff = deps.backoffMs ?? [500, 1000, 2000, 5000, 10000, 30000]
  const pingMs = deps.pingMs ?? 25000
  const state = createStore<FeedState>()(() => ({ status: 'closed', lastMessageAt: null }))
  const counts = new Map<string, number>()
  const listeners = new Map<string, Set<Listener>>()
  let socket: WebSocket | null = null
  let attempt = 0
  let retry: ReturnType<typeof setTimeout> | null = null
  let ping: ReturnType<typeof setInterval> | null = null
  let stopped = true

  const send = (msg: unknown) => {
    if (socket?.readyState === 1) socket.send(JSON.stringify(msg))
  }

  function connect() {
    const token = deps.getToken()
    if (stopped || !token) return
    state.setState({ status: 'connecting' })
    const ws = deps.createSocket(`${deps.url}?token=${encodeURIComponent(token)}`)
    socket = ws
    ws.onopen = () => {
      attempt = 0
      state.setState({ status: 'open', lastMessageAt: Date.now() })
      // The server takes at most TOPICS_PER_MESSAGE topics per message (many environments resubscribe in parts).
      const topics = [...counts.keys()]
      for (let i = 0; i < topics.length; i += TOPICS_PER_MESSAGE) send({ op: 'subscribe', topics: topics.slice(i, i + TOPICS_PER_MESSAGE) })
      ping = setInterval(() => send({ op: 'ping' }), pingMs)
    }
    ws.onmessage = (ev: MessageEvent) => {
      state.setState({ lastMessageAt: Date.now() })
      let msg: ServerMessage
      try {
        msg = JSON.parse(String(ev.data)) as ServerMessage
      } catch {
        return
      }
      if (msg.op !== 'deltas') return
      for (const delta of msg.deltas) {
        const seen = new Set<Listener>()
        for (const t of topicsOf(delta)) for (const l of listeners.get(t) ?? []) if (!seen.has(l)) {
          seen.add(l)
          l(delta)
        }
      }
    }
    ws.onclose = (ev: CloseEvent) => {
      if (ping) clearInterval(ping)
      ping = null
      socket = null
      state.setState({ status: 'closed' })
      // 4401: the token is gone; the API client's 401 handling takes the user to login.
      if (stopped || ev.code === 4401) return
      retry = setTimeout(connect, backoff[Math.min(attempt++, backoff.length - 1)])
    }
    ws.onerror = () => ws.close()
  }

  return {
    state,
    start() {
      if (!stopped) return
      stopped = false
      connect()
    },
    stop() {
      stopped = true
      if (retry) clearTimeout(retry)
      socket?.close()
    },
    /** Listens to a topic until the returned function is called. */
    subscribe(topic: string, listener: Listener): () => void {
      const n = counts.get(topic) ?? 0
      counts.set(topic, n + 1)
      if (!listeners.has(topic)) listeners.set(topic, new Set())
      listeners.get(topic)!.add(listener)
      if (n === 0) send({ op: 'subscribe', topics: [topic] })
      return () => {
        listeners.get(topic)?.delete(listener)
        const left = (counts.get(topic) ?? 1) - 1
        if (left > 0) return void counts.set(topic, left)
        counts.delete(topic)
        listeners.delete(topic)
        send({ op: 'unsubscribe', topics: [topic] })
      }
    },
  }
}
export type FeedClient = ReturnType<typeof createFeedClient>
