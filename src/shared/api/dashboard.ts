/**
 * SPEC §2 Dashboard (/dashboard), issue 19: the widgets a user arranges, stored per user, with an organization default
 * an organization administrator sets (used while the user has none), else the built-in layout below.
 *   GET    dashboard/layout                        → DashboardLayout (the caller's, else its organization's, else built in)
 *   PUT    dashboard/layout                        ← DashboardLayoutBody → DashboardLayout (the caller's own)
 *   DELETE dashboard/layout                        → DashboardLayout (back to the organization default)
 *   PUT    dashboard/organizations/{id}/layout     ← DashboardLayoutBody (hostgroup_write on the organization; audited)
 */
import { z } from 'zod'

/** What a widget shows: state totals, newest unhandled problems, maps in alarm, the last hour's timeline, a pinned graph. */
export const WIDGET_KINDS = ['totals', 'problems', 'maps', 'timeline', 'graph'] as const
export type WidgetKind = (typeof WIDGET_KINDS)[number]
/** Column spans on the dashboard's grid: a third, two thirds, the whole width. */
export const WIDGET_SIZES = ['small', 'medium', 'large'] as const
export type WidgetSize = (typeof WIDGET_SIZES)[number]
/** Issue 19: a dashboard is bounded, so one user's layout cannot bloat storage or the screen. */
export const DASHBOARD_WIDGETS_MAX = 24

const WidgetId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'letters, digits and dashes, at most 40')
const size = z.enum(WIDGET_SIZES)
const plain = z.object({ id: WidgetId, kind: z.enum(['totals', 'problems', 'maps', 'timeline']), size })
/** A graph pinned from a resource's graphs tab (SPEC §2): the resource, and one performance-data key of it or (none) all. */
const graph = z.object({
  id: WidgetId,
  kind: z.literal('graph'),
  size,
  resource_id: z.number().int().positive(),
  key: z.string().min(1).max(200).optional(),
})
export const DashboardWidget = z.discriminatedUnion('kind', [plain, graph])
export type DashboardWidget = z.infer<typeof DashboardWidget>

export const DashboardLayoutBody = z.object({
  widgets: z
    .array(DashboardWidget)
    .max(DASHBOARD_WIDGETS_MAX)
    .superRefine((widgets, ctx) => {
      const seen = new Set<string>()
      widgets.forEach((w, i) => {
        if (seen.has(w.id)) ctx.addIssue({ code: 'custom', message: 'widget ids must be unique', path: [i, 'id'] })
        seen.add(w.id)
      })
    }),
})
export type DashboardLayoutBody = z.infer<typeof DashboardLayoutBody>

export const LAYOUT_SOURCES = ['user', 'organization', 'builtin'] as const
export const DashboardLayout = DashboardLayoutBody.extend({
  /** whose layout this is: the user's own, the organization default, or the built-in one */
  source: z.enum(LAYOUT_SOURCES),
  updated_time: z.number().int().nullable(),
})
export type DashboardLayout = z.infer<typeof DashboardLayout>

/** The layout of a user whose organization set none. */
export const BUILTIN_WIDGETS: DashboardWidget[] = [
  { id: 'totals', kind: 'totals', size: 'small' },
  { id: 'problems', kind: 'problems', size: 'medium' },
  { id: 'maps', kind: 'maps', size: 'small' },
  { id: 'timeline', kind: 'timeline', size: 'medium' },
]
