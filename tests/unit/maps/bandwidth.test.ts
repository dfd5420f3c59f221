/** SPEC §2 "bandwidth connections": utilisation, colour scale, label and staleness (src/shared/maps/bandwidth.ts). */
import { describe, expect, it } from 'vitest'
import {
  BANDWIDTH_STALE_S,
  bandwidthLabel,
  bandwidthReading,
  formatBps,
  staleAfter,
  utilisation,
  utilisationColour,
} from '../../../src/shared/maps/bandwidth'

const link = { resource_id: 7, in_key: 'in', out_key: 'out', capacity_bps: 1e9 }
const NOW = 1_800_000_000

describe('bandwidth utilisation', () => {
  it('is the busier direction over the capacity', () => {
    expect(utilisation(420e6, 100e6, 1e9)).toBeCloseTo(0.42)
    expect(utilisation(null, 250e6, 1e9)).toBeCloseTo(0.25)
    expect(utilisation(null, null, 1e9)).toBeNull()
  })

  it('goes green → yellow → orange → red as the link fills', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
    const [g0, g1, g2] = [0, 0.5, 0.95].map((u) => rgb(utilisationColour(u)))
    expect(g0[1]).toBeGreaterThan(g0[0]) // green dominates when idle
    expect(g1[0]).toBeGreaterThan(200) // yellow: red and green high
    expect(g1[1]).toBeGreaterThan(180)
    expect(g2[0]).toBeGreaterThan(200) // red dominates when full
    expect(g2[1]).toBeLessThan(60)
    expect(utilisationColour(3)).toBe(utilisationColour(1))
  })

  it('labels the reading as "42 % · 420 Mbit/s"', () => {
    const r = bandwidthReading(link, { in: { value: 420e6, t: NOW - 30 }, out: { value: 100e6, t: NOW - 30 } }, NOW)
    expect(r.stale).toBe(false)
    expect(bandwidthLabel(r)).toBe('42 % · 420 Mbit/s')
    expect(formatBps(1.25e9)).toBe('1.25 Gbit/s')
  })
})

describe('bandwidth staleness', () => {
  it('marks data older than the threshold stale and shows its age instead of passing it off as live', () => {
    const old = bandwidthReading(link, { in: { value: 420e6, t: NOW - BANDWIDTH_STALE_S - 60 }, out: { value: 1, t: NOW - 10 } }, NOW)
    expect(old.stale).toBe(true)
    expect(bandwidthLabel(old)).toBe('42 % · 420 Mbit/s · 16m old')
  })

  it('uses 3 check intervals when the interval is known', () => {
    expect(staleAfter(60)).toBe(180)
    expect(staleAfter(null)).toBe(BANDWIDTH_STALE_S)
    const r = bandwidthReading(link, { in: { value: 1, t: NOW - 200 }, out: { value: 1, t: NOW - 200 } }, NOW, staleAfter(60))
    expect(r.stale).toBe(true)
  })

  it('treats a link without data as stale, not as idle', () => {
    const none = bandwidthReading(link, undefined, NOW)
    expect(none).toMatchObject({ stale: true, utilisation: null })
    expect(bandwidthLabel(none)).toBe('–')
  })
})
