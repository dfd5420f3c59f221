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

/** Reads `range`, `from` and `to`; an unknown preset or a malformed zoom falls back to the default preset. */
export function parseGraphRange(search: URLSearchParams): GraphRange {
  const asked = search.get('range') ?? DEFAULT_PRESET
  const preset = PAST_PRESETS.some((p) => p.id === asked) ? asked : DEFAULT_PRESET
  const start = Number(search.get('from'))
  const end = Number(search.get('to'))
  if (search.has('from') && search.has('to') && Number.isInteger(start) && Number.isInteger(end) && start < end)
    return { kind: 'zoom', preset, start, end }
  return { kind: 'preset', preset }
}

export function useGraphRange() {
  const [search, setSearch] = useSearchParams()
  const range = parseGraphRange(search)
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
    zoomTo: (bounds: { start: number; end: number }) => write({ kind: 'zoom', preset: range.preset, ...bounds }),
    resetZoom: () => write({ kind: 'preset', preset: range.preset }),
  }
}
