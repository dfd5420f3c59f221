/**
 * The feed bus: every committed change is published here as a small delta. In process on SQLite; on
 * PostgreSQL through LISTEN/NOTIFY, so that several server processes share one feed (DESIGN.md).
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { ApprovalDelta, BusMessage, FeedDelta } from '../../shared/feed'

export interface Bus {
  publish(delta: BusMessage): void
  subscribe(listener: (delta: FeedDelta) => void): () => void
  /** Issue 16: logins waiting for push approval (and their decisions), published like deltas. */
  onApproval(listener: (approval: ApprovalDelta) => void): () => void
  /** Issue 13: a session (token id) ended; every process closes its feed sockets at once. */
  endSession(tokenId: number): void
  onSessionEnded(listener: (tokenId: number) => void): () => void
  /** Issue 20: hosts or resources changed through this process; the other processes' engines reread them. */
  targetsChanged(change: TargetsChange): void
  onTargetsChanged(listener: (change: TargetsChange) => void): () => void
  close(): Promise<void>
}

export interface TargetsChange {
  type: 'host' | 'resource'
  ids: number[]
  /** SPEC §1 "Reschedule checks": whoever checks them runs them now */
  now?: boolean
}

function listeners<T>() {
  const set = new Set<(d: T) => void>()
  return {
    emit: (d: T) => {
      for (const l of set) l(d)
    },
    subscribe(l: (d: T) => void) {
      set.add(l)
      return () => void set.delete(l)
    },
  }
}

/** Monitoring deltas to the feed's listeners, approvals to theirs. */
function split() {
  const deltas = listeners<FeedDelta>()
  const approvals = listeners<ApprovalDelta>()
  return {
    emit: (m: BusMessage) => (m.kind === 'approval' ? approvals.emit(m) : deltas.emit(m)),
    subscribe: deltas.subscribe,
    onApproval: approvals.subscribe,
  }
}

export function memoryBus(): Bus {
  const l = split()
  const ended = listeners<number>()
  return {
    publish: l.emit,
    subscribe: l.subscribe,
    onApproval: l.onApproval,
    endSession: ended.emit,
    onSessionEnded: ended.subscribe,
    // One process: its engine has reread them already.
    targetsChanged: () => {},
    onTargetsChanged: () => () => {},
    close: async () => {},
  }
}

const CHANNEL = 'vigil_feed'
const SESSION_CHANNEL = 'vigil_feed_session_ended'
const TARGETS_CHANNEL = 'vigil_engine_targets'
/** ids per targets notification: 1000 ids of up to 7 digits stay below MAX_PAYLOAD */
const TARGET_IDS_PER_NOTIFY = 1000
// NOTIFY payloads must stay under 8000 bytes: deltas are sent in arrays below that.
const MAX_PAYLOAD = 7500

/** Waits before reconnecting a lost connection: doubling from 1 s, at most 30 s. */
const RECONNECT_MS = { first: 1000, max: 30_000 }

/**
 * Deltas of one tick go out together; every process (this one too) receives them through LISTEN. A lost
 * connection (database restart, killed backend) is reconnected with back-off; `onReconnect` hears of it
 * once listening again (a system event, issue 5). Deltas of the gap are lost: browsers' polling catches up.
 */
export async function postgresBus(url: string, onError: (err: unknown) => void, onReconnect?: () => void): Promise<Bus> {
  const l = split()
  const ended = listeners<number>()
  const changed = listeners<TargetsChange>()
  // Told apart from the other processes' targets notifications: this process's engine needs none of its own.
  const self = randomUUID()
  let closed = false
  const onNotification = (msg: pg.Notification) => {
    if (msg.channel === SESSION_CHANNEL) return ended.emit(Number(msg.payload))
    if (msg.channel === TARGETS_CHANNEL) {
      const { from, ...change } = JSON.parse(msg.payload ?? '{}') as TargetsChange & { from: string }
      return from === self ? undefined : changed.emit(change)
    }
    if (msg.channel !== CHANNEL || !msg.payload) return
    try {
      for (const d of JSON.parse(msg.payload) as BusMessage[]) l.emit(d)
    } catch (err) {
      onError(err)
    }
  }
  async function connect(role: 'listener' | 'sender', onLost: () => void): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url, application_name: `vigil-feed-${role}` })
    // Only a connection that was up is lost; a failed attempt is retried by whoever made it.
    let up = false
    c.on('error', onError)
    c.on('end', () => {
      if (up && !closed) onLost()
    })
    await c.connect()
    if (role === 'listener') {
      c.on('notification', onNotification)
      await c.query(`LISTEN ${CHANNEL}`)
      await c.query(`LISTEN ${SESSION_CHANNEL}`)
      await c.query(`LISTEN ${TARGETS_CHANNEL}`)
    }
    up = true
    return c
  }
  let listener: pg.Client
  const relisten = (delay = RECONNECT_MS.first) => {
    setTimeout(() => {
      if (closed) return
      connect('listener', () => relisten()).then(
        (c) => {
          // Closed while connecting: this connection must not outlive the bus.
          if (closed) return void c.end()
          listener = c
          onReconnect?.()
        },
        (err) => {
          onError(err)
          relisten(Math.min(delay * 2, RECONNECT_MS.max))
        },
      )
    }, delay).unref()
  }
  // The sender reconnects on its next NOTIFY.
  let sender: Promise<pg.Client> | null = null
  const senderClient = () => {
    // A closed bus sends what is left on its open connection but opens no new one.
    if (closed && !sender) return Promise.reject(new Error('feed bus closed'))
    return (sender ??= connect('sender', () => {
      sender = null
    }).catch((err) => {
      sender = null
      throw err
    }))
  }
  listener = await connect('listener', () => relisten())
  await senderClient()

  let pending: string[] = []
  let scheduled = false
  // One NOTIFY at a time on the sender connection (pg does not queue concurrent queries for long).
  let sending: Promise<unknown> = Promise.resolve()
  const notify = (channel: string, payload: string) => {
    sending = sending.then(async () => (await senderClient()).query('SELECT pg_notify($1, $2)', [channel, payload])).catch(onError)
  }
  const send = () => {
    scheduled = false
    const items = pending
    pending = []
    let chunk: string[] = []
    let size = 2
    const flush = () => {
      if (!chunk.length) return
      notify(CHANNEL, `[${chunk.join(',')}]`)
      chunk = []
      size = 2
    }
    for (const item of items) {
      if (size + item.length + 1 > MAX_PAYLOAD) flush()
      if (item.length + 2 > MAX_PAYLOAD) continue // cannot travel; the clients' polling fallback catches up
      chunk.push(item)
      size += item.length + 1
    }
    flush()
  }
  return {
    publish(delta) {
      pending.push(JSON.stringify(delta))
      if (!scheduled) {
        scheduled = true
        setImmediate(send)
      }
    },
    subscribe: l.subscribe,
    onApproval: l.onApproval,
    endSession(tokenId) {
      // This process at once; the others (and this one again, harmlessly) through NOTIFY.
      ended.emit(tokenId)
      notify(SESSION_CHANNEL, String(tokenId))
    },
    onSessionEnded: ended.subscribe,
    targetsChanged({ ids, ...change }) {
      for (let i = 0; i < ids.length; i += TARGET_IDS_PER_NOTIFY)
        notify(TARGETS_CHANNEL, JSON.stringify({ from: self, ...change, ids: ids.slice(i, i + TARGET_IDS_PER_NOTIFY) }))
    },
    onTargetsChanged: changed.subscribe,
    async close() {
      // Closed first, so nothing sent or reconnected from here on opens a new connection.
      closed = true
      if (pending.length) send()
      await sending
      await Promise.allSettled([listener.end(), sender?.then((c) => c.end())])
    },
  }
}

/** The bus with `tap` told of every message published through it (the routes' writes: vigil.ts). */
export function tapPublished(bus: Bus, tap: (message: BusMessage) => void): Bus {
  return {
    ...bus,
    publish(message) {
      bus.publish(message)
      tap(message)
    },
  }
}
