/**
 * SPEC §2 "Expandable rows with keyboard navigation (left closes, right opens, up and down move)".
 * Rows are addressed by their stable ids, so the active and expanded rows survive data updates.
 */

export interface RowNavigation {
  /** The row that has the keyboard focus (roving tabindex); null before any row was focused. */
  activeId: string | null
  /** Ids of the open rows. */
  expanded: ReadonlySet<string>
}

export const NAVIGATION_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'] as const
export type NavigationKey = (typeof NAVIGATION_KEYS)[number]

export function isNavigationKey(key: string): key is NavigationKey {
  return (NAVIGATION_KEYS as readonly string[]).includes(key)
}

/** The state after a key on row `id` of the rows shown, in order (`ids`). Up and down stop at the ends. */
export function navigateRows(state: RowNavigation, ids: readonly string[], id: string, key: NavigationKey): RowNavigation {
  const index = ids.indexOf(id)
  if (index < 0) return state
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const next = ids[Math.min(Math.max(index + (key === 'ArrowUp' ? -1 : 1), 0), ids.length - 1)]
    return { ...state, activeId: next }
  }
  const open = key === 'ArrowRight'
  if (state.expanded.has(id) === open) return { ...state, activeId: id }
  return { activeId: id, expanded: toggled(state.expanded, id) }
}

export function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** The active row after the rows changed: kept when still shown (feed updates keep focus), else the first row. */
export function keepActive(activeId: string | null, ids: readonly string[]): string | null {
  if (activeId !== null && ids.includes(activeId)) return activeId
  return ids[0] ?? null
}
