/**
 * The browser's one live-feed socket (issue 3, DESIGN.md "The way data flows" 3): subscribes to the
 * topics on screen (reference-counted), reconnects with back-off after network loss or a server
 * restart, resubscribes, and reports whether it is live so that SPEC §9 polling applies meanwhile.
 */
import { createStore } from 'zustand/vanilla'
import type { ApprovalDelta, FeedDelta, ServerMessage } from '../../shared/feed'
import { APPROVALS_TOPIC, TOPICS_PER_MESSAGE, topicsOf } from '../../shared/feed-topics'

export type FeedStatus = 'connecting' | 'open' | 'closed'

export interface FeedState {
  status: FeedStatus
  /** ms timestamp of the last message: the "data last confirmed" of a freshness indicator */
  lastMessageAt: number | null
}

export interface FeedClientDeps {
  /** ws:// or wss:// URL of /api/v1/feed, without the ticket */
  url: string
  /**
   * A one-time ticket for the next connection (POST /api/v1/feed/ticket); null when there is no session
   * (the feed stays closed), a rejection when the server cannot be reached (tried again with back-off).
   */
  getTicket(): Promise<string | null>
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
  const approvalListeners = new Set<(approval: ApprovalDelta) => void>()
  /**
   * Topics the server confirmed on this socket, and who is told when one is: what changed before the
   * confirmation never arrives as a delta (a screen's first fetch may predate it, a reconnect left a gap).
   */
  const liveTopics = new Set<string>()
  const liveListeners = new Map<string, Set<() => void>>()
  let socket: WebSocket | null = null
  let attempt = 0
  let retry: ReturnType<typeof setTimeout> | null = null
  let ping: ReturnType<typeof setInterval> | null = null
  let stopped = true
  /** Counts stops, so that a ticket asked for before a stop opens nothing after it. */
  let generation = 0

  const send = (msg: unknown) => {
    if (socket?.readyState === 1) socket.send(JSON.stringify(msg))
  }

  const retryLater = () => {
    retry = setTimeout(connect, backoff[Math.min(attempt++, backoff.length - 1)])
  }

  async function connect() {
    retry = null
    if (stopped) return
    const run = generation
    state.setState({ status: 'connecting' })
    let ticket: string | null | undefined
    try {
      ticket = await deps.getTicket()
    } catch {
      ticket = undefined
    }
    if (run !== generation) return
    if (ticket === null || ticket === undefined) {
      state.setState({ status: 'closed' })
      // No session: closed until started again. Server out of reach: tried again with back-off.
      return ticket === undefined ? retryLater() : undefined
    }
    const ws = deps.createSocket(`${deps.url}?ticket=${encodeURIComponent(ticket)}`)
    socket = ws
    ws.onopen = () => {
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
      // A refused connection opens and then closes with an error: the back-off restarts only once it serves.
      if (msg.op !== 'error') attempt = 0
      if (msg.op === 'approval') return approvalListeners.forEach((l) => l(msg.approval))
      if (msg.op === 'subscribed') {
        // The server lists every topic held: only the ones new on this socket are news.
        for (const t of msg.topics)
          if (!liveTopics.has(t)) {
            liveTopics.add(t)
            liveListeners.get(t)?.forEach((l) => l())
          }
        return
      }
      if (msg.op !== 'deltas') return
      // One set for the whole message, emptied per delta: a busy wall takes 1,000 deltas a second.
      const seen = new Set<Listener>()
      for (const delta of msg.deltas) {
        seen.clear()
        for (const t of topicsOf(delta))
          for (const l of listeners.get(t) ?? [])
            if (!seen.has(l)) {
              seen.add(l)
              l(delta)
            }
      }
    }
    ws.onclose = () => {
      liveTopics.clear()
      if (ping) clearInterval(ping)
      ping = null
      socket = null
      state.setState({ status: 'closed' })
      // 4401 (ticket or session gone), 4409 (too many connections) too: a new ticket tells whether the session
      // is still there; without one the ticket request fails and the API client's 401 handling takes over.
      if (!stopped) retryLater()
    }
    ws.onerror = () => ws.close()
  }

  return {
    state,
    start() {
      if (!stopped) return
      stopped = false
      void connect()
    },
    stop() {
      stopped = true
      generation++
      if (retry) clearTimeout(retry)
      if (!socket) state.setState({ status: 'closed' })
      socket?.close()
    },
    /** Issue 16: hears of the user's logins waiting for push approval until the returned function is called. */
    onApproval(listener: (approval: ApprovalDelta) => void): () => void {
      approvalListeners.add(listener)
      const off = this.subscribe(APPROVALS_TOPIC, () => {})
      return () => {
        approvalListeners.delete(listener)
        off()
      }
    },
    /** The topics subscribed to now (the developer tools show them). */
    topics: () => [...counts.keys()],
    /**
     * Calls `listener` each time the server confirms `topic` on a socket (the first subscription, and again
     * after every reconnect), from when deltas of it arrive: a screen refetches then to cover what came before.
     */
    onLive(topic: string, listener: () => void): () => void {
      if (!liveListeners.has(topic)) liveListeners.set(topic, new Set())
      liveListeners.get(topic)!.add(listener)
      return () => {
        liveListeners.get(topic)?.delete(listener)
        if (!liveListeners.get(topic)?.size) liveListeners.delete(topic)
      }
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
        liveTopics.delete(topic)
        send({ op: 'unsubscribe', topics: [topic] })
      }
    },
  }
}
export type FeedClient = ReturnType<typeof createFeedClient>
