/**
 * SPEC §7 "Usage tracker": a log of initial_load, resolution, language and location entries with their time,
 * sent as POST tracker on SPEC §9's timer: every 120 s it is sent when it holds over 5 entries or 900 s have
 * passed since the last send; errors are suppressed, the sent entries cleared on success, and after 2 failed
 * sends the tracker stops for this page load.
 */
import type { z } from 'zod'
import type { TrackerEntry } from '../../shared/api/reports'
import { TRACKER_MAX_ERRORS, TRACKER_MAX_WAIT_S, TRACKER_MIN_ENTRIES } from '../../shared/constants'

type Entry = z.infer<typeof TrackerEntry>
/** The server takes at most this many entries a send (shared/api/reports.ts TrackerBody). */
const MAX_BATCH = 1000

export interface TrackerDeps {
  send(entries: Entry[]): Promise<unknown>
  /** false while nobody is logged in: the log waits (and keeps growing, up to a batch). */
  ready(): boolean
  now(): number
}

export function createTracker({ send, ready, now }: TrackerDeps) {
  let entries: Entry[] = []
  let lastSend = now()
  let errors = 0
  let sending = false
  const stopped = () => errors >= TRACKER_MAX_ERRORS
  return {
    log(type: Entry['type'], value: Entry['value']) {
      if (stopped()) return
      entries.push({ type, value, time: Math.floor(now() / 1000) })
      if (entries.length > MAX_BATCH) entries = entries.slice(-MAX_BATCH)
    },
    /** One run of the SPEC §9 timer. */
    async tick() {
      if (stopped() || sending || entries.length === 0 || !ready()) return
      if (entries.length <= TRACKER_MIN_ENTRIES && now() - lastSend < TRACKER_MAX_WAIT_S * 1000) return
      const batch = entries
      sending = true
      try {
        await send(batch)
        entries = entries.slice(batch.length)
        lastSend = now()
      } catch {
        errors++
      } finally {
        sending = false
      }
    },
    pending: () => entries.length,
    stopped,
  }
}
export type Tracker = ReturnType<typeof createTracker>
