import type { FeedDelta } from '../../../src/shared/feed'

/**
 * The live feed's socket as the server drives it, for the browser's one feed client (src/app/feed) under jsdom:
 * opens at once, keeps the topics the page subscribes to, confirms them (`subscribed`) and delivers deltas when
 * the test says so. Install with `vi.stubGlobal('WebSocket', ServerSocket)`; the feed client needs a ticket
 * (POST /api/v1/feed/ticket) from the test's fetch.
 */
export class ServerSocket {
  static last: ServerSocket | null = null
  readyState = 0
  topics: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((ev: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor() {
    ServerSocket.last = this
    setTimeout(() => {
      this.readyState = 1
      this.onopen?.()
    })
  }
  send(text: string) {
    const message = JSON.parse(text) as { op: string; topics?: string[] }
    if (message.op === 'subscribe') this.topics.push(...(message.topics ?? []))
  }
  confirm() {
    this.onmessage?.({ data: JSON.stringify({ op: 'subscribed', topics: this.topics }) })
  }
  deliver(deltas: FeedDelta[]) {
    this.onmessage?.({ data: JSON.stringify({ op: 'deltas', deltas }) })
  }
  close() {
    this.readyState = 3
    this.onclose?.()
  }
}
