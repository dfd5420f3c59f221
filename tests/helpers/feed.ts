/** A real WebSocket on the live feed, as a browser holds it, for the API tests. */
import WebSocket from 'ws'
import type { TestServer } from './server'
import { tokenOf, type Tenant } from './api'
import type { FeedDelta, ServerMessage } from '../../src/shared/feed'

/** A one-time ticket for the feed (POST /api/v1/feed/ticket with the session token). */
export async function feedTicket(baseUrl: string, token: string): Promise<string> {
  const r = await fetch(`${baseUrl}/api/v1/feed/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
  if (r.status !== 200) throw new Error(`feed ticket: ${r.status} ${await r.text()}`)
  return ((await r.json()) as { ticket: string }).ticket
}

/** The feed's WebSocket address with a fresh ticket of `token`, as the browser opens it. */
export const feedUrl = async (baseUrl: string, token: string) =>
  `${baseUrl.replace('http', 'ws')}/api/v1/feed?ticket=${encodeURIComponent(await feedTicket(baseUrl, token))}`

/** A feed connection that collects deltas and answers, and waits for one matching a condition. */
export async function feed(server: TestServer, t: Tenant) {
  const ws = new WebSocket(await feedUrl(server.baseUrl, await tokenOf(server, t)))
  const seen: (FeedDelta | ServerMessage)[] = []
  const waiters: { pred: (m: FeedDelta | ServerMessage) => boolean; resolve: (m: FeedDelta | ServerMessage) => void }[] = []
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as ServerMessage
    for (const one of m.op === 'deltas' ? m.deltas : [m]) {
      seen.push(one)
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
    seen,
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    next: <T extends FeedDelta | ServerMessage>(pred: (m: FeedDelta | ServerMessage) => boolean, ms = 2000) =>
      new Promise<T>((resolve, reject) => {
        const hit = seen.find(pred)
        if (hit) return resolve(hit as T)
        const timer = setTimeout(() => reject(new Error(`nothing matched within ${ms} ms`)), ms)
        waiters.push({
          pred,
          resolve: (m) => {
            clearTimeout(timer)
            resolve(m as T)
          },
        })
      }),
    close: () => ws.close(),
  }
}
