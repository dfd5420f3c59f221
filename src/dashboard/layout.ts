/**
 * Edits of a dashboard layout (issue 19: widgets added, removed, resized and reordered), as pure functions of
 * the widget list, so the buttons, the keyboard and drag and drop make the same change.
 */
import { DASHBOARD_WIDGETS_MAX, type DashboardWidget, type WidgetKind, type WidgetSize } from '../shared/api/dashboard'

/** Kinds a person adds from the menu; graphs are pinned from a resource's graphs tab. */
export const ADDABLE_KINDS = ['totals', 'problems', 'maps', 'timeline'] as const satisfies readonly WidgetKind[]
export type AddableKind = (typeof ADDABLE_KINDS)[number]

export const isFull = (widgets: readonly DashboardWidget[]) => widgets.length >= DASHBOARD_WIDGETS_MAX

/** An id not yet used: the kind, then the kind with the lowest free number. */
function freeId(widgets: readonly DashboardWidget[], base: string): string {
  const used = new Set(widgets.map((w) => w.id))
  if (!used.has(base)) return base
  let n = 2
  while (used.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}

export function addWidget(widgets: readonly DashboardWidget[], kind: AddableKind): DashboardWidget[] {
  return [...widgets, { id: freeId(widgets, kind), kind, size: kind === 'totals' || kind === 'maps' ? 'small' : 'medium' }]
}

/** A resource's graphs at the end of the dashboard; unchanged when they are already there. */
export function pinGraph(widgets: readonly DashboardWidget[], resourceId: number): DashboardWidget[] {
  if (isPinned(widgets, resourceId)) return [...widgets]
  return [...widgets, { id: freeId(widgets, `graph-${resourceId}`), kind: 'graph', size: 'medium', resource_id: resourceId }]
}

export const isPinned = (widgets: readonly DashboardWidget[], resourceId: number) =>
  widgets.some((w) => w.kind === 'graph' && w.resource_id === resourceId)

export const removeWidget = (widgets: readonly DashboardWidget[], id: string) => widgets.filter((w) => w.id !== id)

export const resizeWidget = (widgets: readonly DashboardWidget[], id: string, size: WidgetSize) =>
  widgets.map((w) => (w.id === id ? { ...w, size } : w))

/** The widget moved to position `to` (clamped), the others keeping their order. */
export function moveWidget(widgets: readonly DashboardWidget[], id: string, to: number): DashboardWidget[] {
  const from = widgets.findIndex((w) => w.id === id)
  if (from < 0) return [...widgets]
  const rest = widgets.filter((w) => w.id !== id)
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, widgets[from])
  return rest
}
