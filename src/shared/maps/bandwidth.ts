/**
 * Bandwidth connectors (SPEC §2 "bandwidth connections"): utilisation of a link from the in/out bits per
 * second of an interface's perfdata and the link capacity, a colour scale green → yellow → orange → red,
 * the label shown on the connector, and staleness — old data is greyed with its age, never shown as live.
 */
import type { Bandwidth, Connector } from './connector'

/** One perfdata value as GET maps/:id/states delivers it: bits per second at unix second `t`. */
export interface BandwidthSample {
  value: number
  t: number
}

/** What a document's bandwidth connectors read: the map's states fetch their values, the feed follows their resources. */
export const bandwidthsOf = (doc: { connectors: Record<string, Connector> }): Bandwidth[] =>
  Object.values(doc.connectors).flatMap((c) => (c.bandwidth ? [c.bandwidth] : []))

/** Data older than this (or than 3 check intervals when the interval is known) is stale. */
export const BANDWIDTH_STALE_S = 15 * 60

export interface BandwidthReading {
  in_bps: number | null
  out_bps: number | null
  /** max(in, out) / capacity; null when neither direction has data. */
  utilisation: number | null
  /** unix seconds of the oldest of the two values used */
  time: number | null
  age_s: number | null
  stale: boolean
}

/** Seconds after which a reading is stale: 3 × the check interval, or BANDWIDTH_STALE_S when unknown. */
export const staleAfter = (checkIntervalS?: number | null) =>
  checkIntervalS && checkIntervalS > 0 ? 3 * checkIntervalS : BANDWIDTH_STALE_S

export function utilisation(inBps: number | null, outBps: number | null, capacityBps: number): number | null {
  const values = [inBps, outBps].filter((v): v is number => v !== null && Number.isFinite(v) && v >= 0)
  if (!values.length || !(capacityBps > 0)) return null
  return Math.max(...values) / capacityBps
}

/** A connector's reading from the perfdata samples of its resource (label → sample). */
export function bandwidthReading(
  bw: Bandwidth,
  samples: Readonly<Record<string, BandwidthSample>> | undefined,
  nowS: number,
  staleAfterS = BANDWIDTH_STALE_S,
): BandwidthReading {
  const inS = samples?.[bw.in_key],
    outS = samples?.[bw.out_key]
  const times = [inS?.t, outS?.t].filter((t): t is number => t !== undefined)
  const time = times.length ? Math.min(...times) : null
  const age_s = time === null ? null : Math.max(0, nowS - time)
  return {
    in_bps: inS?.value ?? null,
    out_bps: outS?.value ?? null,
    utilisation: utilisation(inS?.value ?? null, outS?.value ?? null, bw.capacity_bps),
    time,
    age_s,
    // No data at all is as untrustworthy as old data: shown greyed, not as an idle link.
    stale: age_s === null || age_s > staleAfterS,
  }
}

/** Stops of the utilisation scale: green up to ~half, yellow at 50 %, orange at 75 %, red from 90 %. */
export const UTILISATION_STOPS: readonly (readonly [number, readonly [number, number, number]])[] = [
  [0, [46, 158, 68]],
  [0.5, [240, 200, 0]],
  [0.75, [242, 128, 32]],
  [0.9, [215, 38, 61]],
]

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

/** The colour of a utilisation (0..1, above 1 is red), interpolated between the stops. */
export function utilisationColour(u: number): string {
  const x = Math.max(0, u)
  for (let i = 1; i < UTILISATION_STOPS.length; i++) {
    const [u1, c1] = UTILISATION_STOPS[i]
    if (x <= u1) {
      const [u0, c0] = UTILISATION_STOPS[i - 1]
      const t = (x - u0) / (u1 - u0)
      return hex(c0.map((c, k) => c + (c1[k] - c) * t))
    }
  }
  return hex(UTILISATION_STOPS[UTILISATION_STOPS.length - 1][1])
}

const RATE_UNITS = ['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s', 'Tbit/s', 'Pbit/s'] as const

/** Bits per second in decimal units with up to 3 significant digits: `420 Mbit/s`, `1.25 Gbit/s`. */
export function formatBps(bps: number): string {
  let v = Math.max(0, bps),
    i = 0
  while (v >= 1000 && i < RATE_UNITS.length - 1) {
    v /= 1000
    i++
  }
  return `${Number(v.toPrecision(3))} ${RATE_UNITS[i]}`
}

/** Age in the largest whole unit (`17m`, `3h`, `2d`), for the stale marking. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m`
  if (s < 86400) return `${Math.floor(s / 3600)}h`
  return `${Math.floor(s / 86400)}d`
}

/** The connector's label: `42 % · 420 Mbit/s`; a stale reading adds its age (`… · 17m old`), no data `–`. */
export function bandwidthLabel(r: BandwidthReading): string {
  if (r.utilisation === null) return r.age_s === null ? '–' : `– · ${formatAge(r.age_s)} old`
  const rate = formatBps(Math.max(r.in_bps ?? 0, r.out_bps ?? 0))
  const text = `${Math.round(r.utilisation * 100)} % · ${rate}`
  return r.stale && r.age_s !== null ? `${text} · ${formatAge(r.age_s)} old` : text
}
