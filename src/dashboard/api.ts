/**
 * Server data of the dashboard (STYLE.md "Browser features"): the user's layout (dashboard/layout, written as
 * mutations) and what its widgets show, read from the existing scoped routes: hosts/grouped and resources/grouped
 * (state totals), hosts/ and resources/ (newest unhandled problems), maps (maps in alarm and their SVG drawing),
 * events (the last hour) and resources/{id}/perfdata (pinned graphs). Everything a widget shows sits under
 * `dashboardKeys.live()`, which the feed refreshes (feed.ts).
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api, queryClient } from '../app/api'
import { usePollingWhileOffline } from '../app/feed'
import { mapUrls } from '../viewer'
import { DashboardLayout, type DashboardLayoutBody } from '../shared/api/dashboard'
import { EventList } from '../shared/api/events'
import { MapList } from '../shared/api/maps'
import { HostRow, ResourceRow, type MonitoredRow } from '../shared/api/monitored'
import { PerfKeyList, PerfSeries } from '../shared/api/results'
import { MONITORING_STATUS_KEY, type FilterNode } from '../shared/filter'
import { MAP, type Theme } from '../shared/enums'
import { AUTO_REFRESH_S, LIST_LIMIT_MAX } from '../shared/constants'

/** The environments on screen, comma-separated (the environment filter), or '' for every one the user may see. */
export type Environments = string

export const dashboardUrls = {
  layout: 'dashboard/layout',
  organizationLayout: (organizationId: number) => `dashboard/organizations/${organizationId}/layout`,
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  layout: () => [...dashboardKeys.all, 'layout'] as const,
  /** What the widgets show: refreshed by the feed and, while it is down, polled at SPEC §9's dashboard interval. */
  live: () => [...dashboardKeys.all, 'live'] as const,
  totals: (entity: Entity, environments: Environments) => [...dashboardKeys.live(), 'totals', entity, environments] as const,
  problems: (environments: Environments) => [...dashboardKeys.live(), 'problems', environments] as const,
  maps: (environments: Environments) => [...dashboardKeys.live(), 'maps', environments] as const,
  timeline: (environments: Environments) => [...dashboardKeys.live(), 'timeline', environments] as const,
  /** Pinned graphs refresh at SPEC §9's graphs interval, as the graphs tab does, not on every delta. */
  graph: (resourceId: number, key: string) => [...dashboardKeys.all, 'graph', resourceId, key] as const,
  resource: (resourceId: number) => [...dashboardKeys.all, 'resource', resourceId] as const,
  /** A map's picture is drawn again when its version or its state changes. */
  thumbnail: (mapId: number, version: number | null, mapState: number, theme: Theme | undefined) =>
    [...dashboardKeys.all, 'thumbnail', mapId, version, mapState, theme] as const,
}

export type Entity = 'hosts' | 'resources'

export function useLayout() {
  return useQuery({
    queryKey: dashboardKeys.layout(),
    queryFn: ({ signal }) => api.request(dashboardUrls.layout, { schema: DashboardLayout, signal }),
  })
}

/** Layout writes run one after the other, so quick edits reach the server in the order they were made. */
const LAYOUT_WRITES = { id: 'dashboard-layout' }

/** Saves the user's own layout; the screen shows it at once, and reads the stored one again if the save fails (the error is shown). */
export function useSaveLayout() {
  return useMutation({
    scope: LAYOUT_WRITES,
    mutationFn: (body: DashboardLayoutBody) => api.request(dashboardUrls.layout, { method: 'PUT', body, schema: DashboardLayout }),
    onMutate: (body) => {
      const before = queryClient.getQueryData<DashboardLayout>(dashboardKeys.layout())
      if (before) queryClient.setQueryData<DashboardLayout>(dashboardKeys.layout(), { ...before, ...body, source: 'user' })
    },
    onSuccess: (saved) => queryClient.setQueryData(dashboardKeys.layout(), saved),
    onError: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.layout() }),
  })
}

/** Back to the organization default (or the built-in layout). */
export function useResetLayout() {
  return useMutation({
    scope: LAYOUT_WRITES,
    mutationFn: () => api.request(dashboardUrls.layout, { method: 'DELETE', schema: DashboardLayout }),
    onSuccess: (layout) => queryClient.setQueryData(dashboardKeys.layout(), layout),
  })
}

/** An organization administrator makes the layout on screen the organization's default. */
export function useSaveOrganizationLayout() {
  return useMutation({
    mutationFn: ({ organizationId, body }: { organizationId: number; body: DashboardLayoutBody }) =>
      api.request(dashboardUrls.organizationLayout(organizationId), { method: 'PUT', body }),
  })
}

/** SPEC §9 dashboard auto-refresh (10 s) for the widgets while the feed is down. */
const useLiveInterval = () => usePollingWhileOffline('dashboard')

const Grouped = z.object({ result: z.array(z.looseObject({ state: z.string(), totalresults: z.number().int() })) })

/** Hosts or resources per state (SPEC §7 grouped, limit 0: counts only) in the environments on screen. */
export function useTotals(entity: Entity, environments: Environments) {
  return useQuery({
    queryKey: dashboardKeys.totals(entity, environments),
    queryFn: async ({ signal }) => {
      const query = { group_by: 'state', limit: 0, environment_ids: environments || undefined }
      const r = await api.request(`${entity}/grouped`, { query, schema: Grouped, signal })
      return Object.fromEntries(r.result.map((g) => [g.state, g.totalresults])) as Record<string, number>
    },
    refetchInterval: useLiveInterval(),
  })
}

/** SPEC §2 "…/unhandled": a problem nobody handles yet — not acknowledged, not in maintenance, without a ticket. */
const unhandled = (entity: Entity, states: string[]): FilterNode[] => [
  ['state', 'in', states],
  ['acknowledged', 'equals', false],
  [entity === 'hosts' ? 'max_scheduled_downtime_depth' : 'scheduled_downtime_depth', 'equals', 0],
  [MONITORING_STATUS_KEY, 'not_equals', 'has_ticket'],
]
/** How many problems the widget lists. */
export const PROBLEMS_SHOWN = 10
const page = <R extends z.ZodType>(row: R) => z.object({ result: z.array(row), totalresults: z.number().int() })

/** The newest unhandled host and resource problems together, newest state change first. */
export function useNewestProblems(environments: Environments) {
  return useQuery({
    queryKey: dashboardKeys.problems(environments),
    queryFn: async ({ signal }) => {
      const list = <R extends z.ZodType>(entity: Entity, states: string[], row: R) =>
        api.request(`${entity}/`, {
          query: {
            advanced_filter: JSON.stringify(unhandled(entity, states)),
            order: '-last_state_change',
            limit: PROBLEMS_SHOWN,
            offset: 0,
            environment_ids: environments || undefined,
            extra_columns: entity === 'resources' ? 'scheduled_downtime_depth,monitoring_type' : undefined,
          },
          schema: page(row),
          signal,
        })
      const [hosts, resources] = await Promise.all([
        list('hosts', ['down', 'unreachable'], HostRow),
        list('resources', ['critical', 'warning', 'unknown'], ResourceRow),
      ])
      const rows: MonitoredRow[] = [...hosts.result, ...resources.result]
      rows.sort((x, y) => (y.last_state_change ?? 0) - (x.last_state_change ?? 0))
      return { rows: rows.slice(0, PROBLEMS_SHOWN), total: hosts.totalresults + resources.totalresults }
    },
    refetchInterval: useLiveInterval(),
  })
}

const ALARM: ReadonlySet<number> = new Set([MAP.down, MAP.unreachable, MAP.warning])

/** Published maps whose SPEC §4 MAP roll-up is a problem (down, unreachable or warning), worst first. */
export function useMapsInAlarm(environments: Environments) {
  return useQuery({
    queryKey: dashboardKeys.maps(environments),
    queryFn: async ({ signal }) => {
      const ids = environments ? environments.split(',').map(Number) : null
      const advanced_filter = ids ? JSON.stringify([['hostgroup_id', 'in', ids]]) : undefined
      const r = await api.request(mapUrls.list, {
        query: { limit: LIST_LIMIT_MAX, offset: 0, order: 'alias', advanced_filter },
        schema: MapList,
        signal,
      })
      return r.result.filter((m) => ALARM.has(m.map_state)).sort((x, y) => severity(y.map_state) - severity(x.map_state))
    },
    refetchInterval: useLiveInterval(),
  })
}
const severity = (mapState: number) => [MAP.warning, MAP.unreachable, MAP.down].indexOf(mapState as 1 | 2 | 3)

/**
 * A small picture of a map: the server's SVG drawing of its live version with live states (the shared map drawing,
 * shared/maps/export-svg.ts) in the user's theme's palette (issue 18 "One picture everywhere": as their wall shows
 * it), as an object URL the widget revokes when the picture changes.
 */
export function useMapThumbnail(mapId: number, version: number | null, mapState: number, theme: Theme | undefined) {
  return useQuery({
    queryKey: dashboardKeys.thumbnail(mapId, version, mapState, theme),
    enabled: version !== null,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      api.request<Blob>(mapUrls.export(mapId), {
        query: { format: 'svg', version: 'live', theme },
        responseType: 'blob',
        signal,
        errorHandlerEnabled: false,
      }),
  })
}

/** The environments' events of the last hour, newest first (SPEC §3 timeline events). */
export const TIMELINE_WINDOW_S = 3600
export function useLastHourEvents(environments: Environments) {
  return useQuery({
    queryKey: dashboardKeys.timeline(environments),
    queryFn: ({ signal }) => {
      const end = Math.floor(Date.now() / 1000)
      const query = {
        start_time: end - TIMELINE_WINDOW_S,
        end_time: end,
        no_future_events: 'true',
        limit: 50,
        environment_filter: environments || undefined,
      }
      return api.request('events', { query, schema: EventList, signal })
    },
    refetchInterval: useLiveInterval(),
  })
}

const ResourceName = z.looseObject({ id: z.number().int(), host_name: z.string(), display_name: z.string() })

/** A pinned graph's resource; a 404 (gone, or no longer visible) makes the widget say the graph is unavailable. */
export function usePinnedResource(resourceId: number) {
  return useQuery({
    queryKey: dashboardKeys.resource(resourceId),
    retry: false,
    queryFn: ({ signal }) => api.request(`resources/${resourceId}`, { schema: ResourceName, signal, errorHandlerEnabled: false }),
  })
}

const GRAPHS_REFRESH_MS = AUTO_REFRESH_S.graphs * 1000
/** SPEC §9 past preset "1 day" as the pinned graphs' range. */
export const GRAPH_WINDOW_S = 24 * 3600
const GRAPH_POINTS = 200

/** The performance-data keys of a resource pinned without one key. */
export function usePinnedKeys(resourceId: number, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.graph(resourceId, ''),
    enabled,
    retry: false,
    queryFn: ({ signal }) => api.request(`resources/${resourceId}/perfdata`, { schema: PerfKeyList, signal, errorHandlerEnabled: false }),
    refetchInterval: GRAPHS_REFRESH_MS,
  })
}

export function usePinnedSeries(resourceId: number, key: string) {
  return useQuery({
    queryKey: dashboardKeys.graph(resourceId, key),
    retry: false,
    queryFn: ({ signal }) => {
      const end = Math.floor(Date.now() / 1000)
      const query = { key, start: end - GRAPH_WINDOW_S, end, points: GRAPH_POINTS }
      return api.request(`resources/${resourceId}/perfdata`, { query, schema: PerfSeries, signal, errorHandlerEnabled: false })
    },
    refetchInterval: GRAPHS_REFRESH_MS,
  })
}
