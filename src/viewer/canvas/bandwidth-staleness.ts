/**
 * Bandwidth readings age on a still wall (issue 7 "mark a value as stale when its data is old instead of
 * showing it as live"): with no delta and no refetch nothing redraws the connectors, so a link whose interface
 * stopped reporting would keep its live colour. A timer re-reads the bandwidth connectors every
 * STALENESS_CHECK_MS and asks for a redraw when one turned stale (or fresh) or a stale label's age changed.
 */
import type { Connector } from '../../shared/maps'
import { formatAge, type BandwidthReading } from '../../shared/maps/bandwidth'

/** How often a still wall re-reads its bandwidth connectors: a value goes grey at most this late. */
export const STALENESS_CHECK_MS = 30_000

/** What of the bandwidth connectors changes with time alone: stale or not, and the age a stale label shows. */
function ageMarks(connectors: readonly Connector[], reading: (c: Connector) => BandwidthReading | undefined): string {
  let marks = ''
  for (const c of connectors) {
    if (!c.bandwidth) continue
    const r = reading(c)
    marks += !r ? '-' : r.stale ? `s${r.age_s === null ? '' : formatAge(r.age_s)},` : 'l'
  }
  return marks
}

/**
 * Calls `redraw` when the time-dependent look of a bandwidth connector changed since the last check; returns
 * the function that stops the timer. `reading` is read at each check (it reads the clock).
 */
export function watchBandwidthStaleness(
  connectors: readonly Connector[],
  reading: (c: Connector) => BandwidthReading | undefined,
  redraw: () => void,
  everyMs = STALENESS_CHECK_MS,
): () => void {
  if (!connectors.some((c) => c.bandwidth)) return () => undefined
  let last = ageMarks(connectors, reading)
  const timer = setInterval(() => {
    const now = ageMarks(connectors, reading)
    if (now === last) return
    last = now
    redraw()
  }, everyMs)
  return () => clearInterval(timer)
}
