/**
 * The graphs' time range (SPEC §9 "Past presets: 2 h, 4 h, 1 day, 1 week, 1 month, 3 months, 6 months,
 * 1 year", the presets of the date-range picker) or a fixed range, zoomed into by brushing or picked in
 * the picker's fields, with the preset to go back to; kept in the hash route's query
 * (`?range=past-1w`, `?from=…&to=…`) so that a link reproduces the screen.
 */
import { useSearchParams } from 'react-router'
import { PAST_PRESETS, toUnix } from '../../ui'

export const DEFAULT_PRESET = 'past-1d'

export type GraphRange = { kind: 'preset'; preset: string } | { kind: 'zoom'; preset: string; start: number; end: number }

/** The range's unix seconds now: a preset moves with the clock, a zoom stays where it was put. */
export function rangeBounds(range: GraphRange, nowMs: number): { start: number; end: number } {
  if (range.kind === 'zoom') return { start: range.start, end: range.end }
  const preset = PAST_PRESETS.find((p) => p.id === range.preset) ?? PAST_PRESETS.find((p) => p.id === DEFAULT_PRESET)!
  const { start, end } = preset.range(new Date(nowMs))
  return { start: toUnix(start), end: toUnix(end) }
}

/**
 * Issue 17: the preset that fits the data's age, so that two hours of data fill the graph instead of the
 * last day squashing them: the shortest that shows nearly all of it (90%: a day and an hour is a day, not a
 * week), at most the longest; the default preset for no data.
 */
export function fitPreset(oldest: number | null, nowMs: number): string {
  if (oldest === null) return DEFAULT_PRESET
  const age = nowMs / 1000 - oldest
  const fits = PAST_PRESETS.find((p) => {
    const { start, end } = p.range(new Date(nowMs))
    return toUnix(end) - toUnix(start) >= 0.9 * age
  })
  return (fits ?? PAST_PRESETS[PAST_PRESETS.length - 1]).id
}

/** Reads `range`, `from` and `to`; an unknown preset or a malformed zoom falls back to `fallback`. */
export function parseGraphRange(search: URLSearchParams, fallback = DEFAULT_PRESET): GraphRange {
  const asked = search.get('range') ?? fallback
  const preset = PAST_PRESETS.some((p) => p.id === asked) ? asked : fallback
  const start = Number(search.get('from'))
  const end = Number(search.get('to'))
  if (search.has('from') && search.has('to') && Number.isInteger(start) && Number.isInteger(end) && start < end)
    return { kind: 'zoom', preset, start, end }
  return { kind: 'preset', preset }
}

/**
 * The range in the link, else the `fallback` preset (the one that fits the data); null while the fallback is
 * not known yet, so that no graph asks for a range it is about to leave.
 */
export function useGraphRange(fallback: string | undefined) {
  const [search, setSearch] = useSearchParams()
  const range = search.has('range') || fallback !== undefined ? parseGraphRange(search, fallback) : null
  const write = (next: GraphRange) => {
    const params = new URLSearchParams({ range: next.preset })
    if (next.kind === 'zoom') {
      params.set('from', String(next.start))
      params.set('to', String(next.end))
    }
    setSearch(params)
  }
  return {
    range,
    setPreset: (preset: string) => write({ kind: 'preset', preset }),
    zoomTo: (bounds: { start: number; end: number }) => {
      if (range) write({ kind: 'zoom', preset: range.preset, ...bounds })
    },
    resetZoom: () => {
      if (range) write({ kind: 'preset', preset: range.preset })
    },
  }
}
