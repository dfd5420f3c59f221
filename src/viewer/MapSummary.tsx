/**
 * The canvas' text alternative (issue 7 accessibility): the map's state and counts in a polite live region,
 * and the items with problems as buttons that open their popover — what a screen reader user needs from a
 * picture of thousands of shapes. A change after a quiet spell is read at once, then at most every SUMMARY_GAP_MS:
 * twice a second, re-rendering 100 buttons made some of a busy wall's longest frames (issue 18 wall-soak: style
 * and layout of 38–66 ms), and a screen reader gains nothing from counts that change faster than it reads them.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAP } from '../shared/enums'
import { worse } from '../shared/maps'
import type { LiveStates } from './live/live-states'

export const SUMMARY_GAP_MS = 2000
/** Most problem items listed; the rest are counted. */
export const SUMMARY_LIMIT = 100
/** The problem states, worst first (SPEC §4 severity). */
const PROBLEMS = [MAP.down, MAP.unreachable, MAP.warning].sort((a, b) => (worse(a, b) === a ? -1 : 1))

interface Summary {
  mapState: number
  up: number
  other: number
  problemCount: number
  /** The first SUMMARY_LIMIT problems, worst first. */
  problems: { id: string; state: number }[]
}

/** One pass that keeps at most SUMMARY_LIMIT problems per state: sorting thousands of problems to list 100 is not needed. */
function summarise(live: LiveStates): Summary {
  const s: Summary = { mapState: live.mapState(), up: 0, other: 0, problemCount: 0, problems: [] }
  const byState = new Map<number, string[]>(PROBLEMS.map((state) => [state, []]))
  for (const [id, st] of live.entries()) {
    const listed = byState.get(st.map_state)
    if (listed) {
      s.problemCount++
      if (listed.length < SUMMARY_LIMIT) listed.push(id)
    } else if (st.map_state === MAP.up) s.up++
    else s.other++
  }
  // Worst first, so the list starts with what a NOC acts on.
  s.problems = PROBLEMS.flatMap((state) => byState.get(state)!.map((id) => ({ id, state }))).slice(0, SUMMARY_LIMIT)
  return s
}

export function MapSummary({
  live,
  labelOf,
  onSelect,
  hidden,
}: {
  live: LiveStates
  labelOf(itemId: string): string
  onSelect(itemId: string): void
  hidden: boolean
}) {
  const { t } = useTranslation()
  const [summary, setSummary] = useState(() => summarise(live))
  useEffect(() => {
    setSummary(summarise(live))
    let timer: ReturnType<typeof setTimeout> | null = null
    let last = -Infinity
    const off = live.subscribe(() => {
      timer ??= setTimeout(
        () => {
          timer = null
          last = performance.now()
          setSummary(summarise(live))
        },
        Math.max(0, last + SUMMARY_GAP_MS - performance.now()),
      )
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
    }
  }, [live])
  const state = t(`maps.viewer.state.${summary.mapState}`)
  return (
    <section
      className={hidden ? 'visually-hidden' : 'small'}
      // Hidden, its list's layout and style stay inside it: the rest of the page is not laid out again for it.
      style={hidden ? { contain: 'strict' } : undefined}
      aria-label={t('maps.viewer.problems')}
      data-testid="map-summary"
    >
      <p aria-live="polite" className="mb-1" data-map-state={summary.mapState}>
        {t('maps.viewer.mapState', { state })}.{' '}
        {t('maps.viewer.counts', { up: summary.up, problems: summary.problemCount, other: summary.other })}
      </p>
      {summary.problemCount === 0 ? (
        <p className="mb-0">{t('maps.viewer.allUp')}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {summary.problems.map((p) => (
            <li key={p.id}>
              <button type="button" className="btn btn-link btn-sm p-0" data-item={p.id} onClick={() => onSelect(p.id)}>
                {t('maps.viewer.itemState', { name: labelOf(p.id), state: t(`maps.viewer.state.${p.state}`) })}
              </button>
            </li>
          ))}
          {summary.problemCount > SUMMARY_LIMIT && <li>{t('maps.viewer.more', { count: summary.problemCount - SUMMARY_LIMIT })}</li>}
        </ul>
      )}
    </section>
  )
}
