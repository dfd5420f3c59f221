/**
 * The feed bus: every committed change is published here as a small delta. In process on SQLite; on
 * PostgreSQL through LISTEN/NOTIFY, so that several server processes share one feed (DESIGN.md).
 */
import pg from 'pg'
import type { FeedDelta } from '../../shared/feed'

export interface Bus {
  publish(delta: FeedDelta): void
  subscribe(listener: (delta: FeedDelta) => void): () => void
  close(): Promise<void>
}

function listeners() {
  const set = new Set<(d: FeedDelta) => void>()
  return {
    emit: (d: FeedDelta) => {
      for (const l of set) l(d)
    },
    subscribe(l: (d: FeedDelta) => void) {
      set.add(l)
      return () => void set.delete(l)
    },
  }
}

export function memoryBus(): Bus {
  const l = listeners()
  return { publish: l.emit, subscribe: l.subscribe, close: async () => {} }
}

const CHANNEL = 'vigil_feed'
// NOTIFY payloads must stay under 8000 bytes: deltas are sent in arrays below that.
const MAX_PAYLOAD = 7500

/** Deltas of one tick go out together; every process (this one too) receives them through LISTEN. */
export async function postgresBus(url: string, onError: (err: unknown) => void): Promise<Bus> {
  const l = listeners()
  const listener = new pg.Client({ connectionString: url })
  const sender = new pg.Client({ connectionString: url })
  await Promise.all([listener.connect(), sender.connect()])
  listener.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return
    try {
      for (const d of JSON.parse(msg.payload) as FeedDelta[]) l.emit(d)
    } catch (err) {
      onError(err)
    }
  })
  listener.on('error', onError)
  sender.on('error', onError)
  await listener.query(`LISTEN ${CHANNEL}`)

  let pending: string[] = []
  let scheduled = false
  // One NOTIFY at a time on the sender connection (pg does not queue concurrent queries for long).
  let sending: Promise<unknown> = Promise.resolve()
  const send = () => {
    scheduled = false
    const items = pending
    pending = []
    let chunk: string[] = []
    let size = 2
    const flush = () => {
      if (!chunk.length) return
      const payload = `[${chunk.join(',')}]`
      sending = sending.then(() => sender.query('SELECT pg_notify($1, $2)', [CHANNEL, payload])).catch(onError)
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
    async close() {
      await sending
      await Promise.allSettled([listener.end(), sender.end()])
    },
  }
}
