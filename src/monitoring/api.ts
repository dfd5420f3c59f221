/**
 * Server data of the monitoring screens (STYLE.md "Browser features"): one query-key factory, so that feed
 * patches (feed.ts) and invalidation agree, and the TanStack Query hooks of the tables, subjects, child
 * badges, saved filters and search. Every list goes through the SPEC §7 list protocol.
 */
import { keepPreviousData, queryOptions, useQuery, type Query } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { z } from 'zod'
import { ticketKeys } from '../app/actions'
import { api, queryClient } from '../app/api'
import type { FilterNode } from '../shared/filter'
import { SearchResponse } from '../shared/api/search'
import { childQuery } from './children'
import { HostRow, RESOURCE_EXTRA_COLUMNS, ResourceRow, type MonitoredRow, type PageData } from './model'
import { entitySortColumn, mergeSorted, pageSlices, type Entity, type Segment } from './problems'
import { FIRST_START_HOST, LIST_LIMIT_MAX } from '../shared/constants'

/** One page of one entity (SPEC §7 list call). `environment_ids` is the environment filter preference. */
export interface ListParams {
  advanced_filter: FilterNode[]
  order?: string
  limit: number
  offset: number
  environment_ids?: string
}

export interface CountParams {
  advanced_filter: FilterNode[]
  environment_ids?: string
}

/** A page of the alerts table: the segments in PROBLEM order and each entity's rules (null: none match). */
export interface ProblemParams {
  segments: readonly Segment[]
  rules: Record<Entity, FilterNode[] | null>
  page: number
  pageSize: number
  environment_ids?: string
  /** SPEC §7 order chosen on the table; none keeps the PROBLEM order. */
  order?: string
}

export const monitoringKeys = {
  all: ['monitoring'] as const,
  /** Everything a table shows: lists, counts and alerts pages (patched by the feed, refreshed together). */
  tables: () => [...monitoringKeys.all, 'tables'] as const,
  list: (entity: Entity, params: ListParams) => [...monitoringKeys.tables(), 'list', entity, params] as const,
  counts: (entity: Entity, column: string, params: CountParams) => [...monitoringKeys.tables(), 'counts', entity, column, params] as const,
  problems: (params: ProblemParams) => [...monitoringKeys.tables(), 'problems', params] as const,
  /** One segment's rows of an alerts page (its first page), kept apart so that a refresh may reuse it. */
  segment: (entity: Entity, params: ListParams) => [...monitoringKeys.tables(), 'segment', entity, params] as const,
  subjects: () => [...monitoringKeys.all, 'subjects'] as const,
  host: (name: string) => [...monitoringKeys.subjects(), 'host', name] as const,
  resource: (host: string, name: string) => [...monitoringKeys.subjects(), 'resource', host, name] as const,
  children: (host: string) => [...monitoringKeys.all, 'children', host] as const,
  /** Acknowledgements, downtimes and tickets of one object (`hosts/1` or `resources/2`). */
  actions: (object: string) => [...monitoringKeys.all, 'actions', object] as const,
  search: (query: string, environmentIds: string) => [...monitoringKeys.all, 'search', query, environmentIds] as const,
  ownHosts: () => [...monitoringKeys.all, 'own-hosts'] as const,
}

const rowSchema = (entity: Entity) => (entity === 'hosts' ? HostRow : ResourceRow)
const pageSchema = (entity: Entity) => z.object({ result: z.array(rowSchema(entity)), totalresults: z.number().int() })
const json = (rules: FilterNode[]) => (rules.length ? JSON.stringify(rules) : undefined)

export function fetchList(entity: Entity, p: ListParams, signal?: AbortSignal): Promise<PageData> {
  return api.request(`${entity}/`, {
    query: {
      advanced_filter: json(p.advanced_filter),
      order: p.order,
      limit: p.limit,
      offset: p.offset,
      environment_ids: p.environment_ids,
      extra_columns: entity === 'resources' ? RESOURCE_EXTRA_COLUMNS : undefined,
    },
    schema: pageSchema(entity) as z.ZodType<PageData>,
    signal,
  })
}

const Grouped = z.object({ result: z.array(z.looseObject({ totalresults: z.number().int() })) })

/** Rows per value of `column` (SPEC §7 grouped with limit 0: counts only), keyed by the value as text. */
export function countsQuery(entity: Entity, column: string, params: CountParams) {
  return queryOptions({
    queryKey: monitoringKeys.counts(entity, column, params),
    queryFn: async ({ signal }) => {
      const r = await api.request(`${entity}/grouped`, {
        query: { group_by: column, limit: 0, advanced_filter: json(params.advanced_filter), environment_ids: params.environment_ids },
        schema: Grouped,
        signal,
      })
      return Object.fromEntries(r.result.map((g) => [String(g[column]), g.totalresults])) as Record<string, number>
    },
  })
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

/**
 * Issue 17: starts `start` for each item in a task of its own and gives back the started promises. Setting up a
 * request costs a few ms (URL, headers, fetch); the alerts page's five segment fetches or a dozen table refetches
 * started together made one long frame of a background refresh.
 */
async function startOnePerTask<T, R>(items: readonly T[], start: (item: T) => Promise<R>): Promise<Promise<R>[]> {
  const started: Promise<R>[] = []
  for (const item of items) {
    if (started.length) await nextTask()
    const promise = start(item)
    // Awaited by the caller once all have started; until then a failure must not count as unhandled.
    promise.catch(() => undefined)
    started.push(promise)
  }
  return started
}

const segmentRules = (p: ProblemParams, segment: Segment): FilterNode[] => [...p.rules[segment.entity]!, ['state', 'equals', segment.state]]

/**
 * What a background refresh asks again (feed.ts). `resources`: only resource states changed, so the hosts' own
 * counts and the alerts page's host segments stay as the feed patched them (host lists are asked again for their
 * resource counts, SPEC §2). An alerts page then asks 7 of its 13 lists and counts (issue 17 alerts-page).
 */
export type RefreshScope = 'all' | 'resources'

/** Set while a resource-only refresh runs: the alerts page takes its host segments from the cache. */
let hostSegmentsKept = false

/** Kept host segments are asked again at the tables' stale time at the latest: a deleted host has no delta. */
const TABLE_STALE_MS = 30_000

function fetchSegment(entity: Entity, params: ListParams, signal?: AbortSignal): Promise<PageData> {
  return queryClient.fetchQuery({
    queryKey: monitoringKeys.segment(entity, params),
    queryFn: () => fetchList(entity, params, signal),
    staleTime: hostSegmentsKept && entity === 'hosts' ? TABLE_STALE_MS : 0,
  })
}

// SPEC §4 PROBLEM order between segments; the newest problem first within one.
const SEGMENT_ORDER = '-last_state_change'

/**
 * A page of the alerts table. The first page, the one operators look at, is one round trip: every segment's
 * first rows and count in parallel (SPEC §7 lists answer totalresults). Later pages count per (entity,
 * state) first, then ask each segment the page touches for its part (problems.ts pageSlices).
 */
export async function fetchProblemPage(p: ProblemParams, signal?: AbortSignal): Promise<PageData> {
  const segments = p.segments.filter((s) => p.rules[s.entity] !== null)
  if (p.order) return fetchSortedProblemPage(p, segments, p.order, signal)
  if (p.page === 1) {
    const lists = await Promise.all(
      await startOnePerTask(segments, (segment) =>
        fetchSegment(
          segment.entity,
          {
            advanced_filter: segmentRules(p, segment),
            order: SEGMENT_ORDER,
            limit: p.pageSize,
            offset: 0,
            environment_ids: p.environment_ids,
          },
          signal,
        ),
      ),
    )
    return { result: lists.flatMap((l) => l.result).slice(0, p.pageSize), totalresults: lists.reduce((n, l) => n + l.totalresults, 0) }
  }
  const entities = [...new Set(segments.map((s) => s.entity))]
  const counts = Object.fromEntries(
    await Promise.all(
      entities.map(async (entity) => {
        const states = segments.filter((s) => s.entity === entity).map((s) => s.state)
        const params = { advanced_filter: [...p.rules[entity]!, ['state', 'in', states] as FilterNode], environment_ids: p.environment_ids }
        return [entity, await queryClient.fetchQuery(countsQuery(entity, 'state', params))] as const
      }),
    ),
  ) as Partial<Record<Entity, Record<string, number>>>
  const segmentCounts = segments.map((s) => counts[s.entity]?.[s.state] ?? 0)
  const pages = await Promise.all(
    pageSlices(segments, segmentCounts, p.page, p.pageSize).map(({ segment, offset, limit }) =>
      fetchList(
        segment.entity,
        { advanced_filter: segmentRules(p, segment), order: SEGMENT_ORDER, limit, offset, environment_ids: p.environment_ids },
        signal,
      ),
    ),
  )
  return { result: pages.flatMap((page) => page.result), totalresults: segmentCounts.reduce((a, b) => a + b, 0) }
}

/**
 * A page of the alerts table sorted by a column: each entity's problems sorted by the server up to the
 * page's end (at most LIST_LIMIT_MAX rows each), merged (problems.ts mergeSorted).
 */
async function fetchSortedProblemPage(p: ProblemParams, segments: readonly Segment[], order: string, signal?: AbortSignal) {
  const desc = order.startsWith('-')
  const column = order.replace(/^-/, '')
  const offset = (p.page - 1) * p.pageSize
  const entities = [...new Set(segments.map((s) => s.entity))]
  const lists = await Promise.all(
    entities.map((entity) => {
      const states = segments.filter((s) => s.entity === entity).map((s) => s.state)
      return fetchList(
        entity,
        {
          advanced_filter: [...p.rules[entity]!, ['state', 'in', states]],
          order: `${desc ? '-' : ''}${entitySortColumn(entity, column)}`,
          limit: Math.min(offset + p.pageSize, LIST_LIMIT_MAX),
          offset: 0,
          environment_ids: p.environment_ids,
        },
        signal,
      )
    }),
  )
  return {
    result: mergeSorted(
      lists.map((l) => l.result),
      column,
      desc,
      offset,
      p.pageSize,
    ),
    totalresults: lists.reduce((n, l) => n + l.totalresults, 0),
  }
}

/** Table queries keep the previous page while the next loads (no flicker) and poll only when told to. */
const tableOptions = { placeholderData: keepPreviousData, staleTime: TABLE_STALE_MS } as const

export function useListPage(entity: Entity, params: ListParams, refetchInterval: number | false) {
  return useQuery({
    queryKey: monitoringKeys.list(entity, params),
    queryFn: ({ signal }) => fetchList(entity, params, signal),
    ...tableOptions,
    refetchInterval,
  })
}

export function useProblemPage(params: ProblemParams, refetchInterval: number | false) {
  return useQuery({
    queryKey: monitoringKeys.problems(params),
    queryFn: ({ signal }) => fetchProblemPage(params, signal),
    ...tableOptions,
    refetchInterval,
  })
}

/** A query of a table page (a list or an alerts page), as opposed to counts. */
export const isPageQuery = (q: Query) => ['list', 'problems'].includes(String(q.queryKey[2]))
/** A query holding table rows, which feed deltas patch: pages and the alerts pages' segments. */
export const isRowsQuery = (q: Query) => isPageQuery(q) || q.queryKey[2] === 'segment'
/** What a resource-only refresh leaves alone: the hosts' counts and alerts segments. */
const isHostsOnly = (q: Query) => ['counts', 'segment'].includes(String(q.queryKey[2])) && q.queryKey[3] === 'hosts'

/**
 * Whether some table page has arrived. Totals wait for it: the rows an operator came for are asked for first,
 * the totals right after (one SQLite server answers one query at a time). One watcher of the query cache looks
 * again when a page query changes; each count searching the cache on every fetch's start and end was a tenth of
 * a busy table's script time (issue 17 alerts-page).
 */
const firstPage = (() => {
  const listeners = new Set<() => void>()
  const look = () =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: monitoringKeys.tables(), predicate: isPageQuery })
      .some((q) => q.state.data !== undefined)
  let shown = false
  let unwatch: (() => void) | null = null
  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      if (!unwatch) {
        shown = look()
        unwatch = queryClient.getQueryCache().subscribe((event) => {
          if (!isPageQuery(event.query) || look() === shown) return
          shown = !shown
          for (const l of listeners) l()
        })
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        unwatch?.()
        unwatch = null
      }
    },
    shown: () => (unwatch ? shown : look()),
  }
})()

const useFirstPageShown = () => useSyncExternalStore(firstPage.subscribe, firstPage.shown)

/** Counts of a table by a column; `afterFirstPage` for totals that may wait for the rows (not for group lists). */
export function useCounts(
  entity: Entity,
  column: string,
  params: CountParams | null,
  refetchInterval: number | false,
  afterFirstPage = false,
) {
  const shown = useFirstPageShown()
  return useQuery({
    ...countsQuery(entity, column, params ?? { advanced_filter: [] }),
    enabled: params !== null && (shown || !afterFirstPage),
    placeholderData: keepPreviousData,
    refetchInterval,
  })
}

/** SPEC §7 hosts/{id} with the URL-encoded name; an unknown name is the 404 content-not-found page (SPEC §8). */
export function useHost(name: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: monitoringKeys.host(name),
    refetchInterval,
    queryFn: ({ signal }) => api.request(`hosts/${encodeURIComponent(name)}`, { schema: HostRow, signal }),
  })
}

/** SPEC §7 resources/{hostname}/{display_name}. */
export function useResource(host: string, name: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: monitoringKeys.resource(host, name),
    refetchInterval,
    queryFn: ({ signal }) =>
      api.request(`resources/${encodeURIComponent(host)}/${encodeURIComponent(name)}`, { schema: ResourceRow, signal }),
  })
}

/**
 * One host (no `resource`) or resource row for actions outside the monitoring screens (the map popover, issue 18):
 * the subject queries' cache, read quietly — a wall token or a user without the right gets no blocking page.
 */
export function useSubjectRow(host: string, resource?: string) {
  return useQuery({
    queryKey: resource === undefined ? monitoringKeys.host(host) : monitoringKeys.resource(host, resource),
    queryFn: ({ signal }): Promise<MonitoredRow> =>
      resource === undefined
        ? api.request(`hosts/${encodeURIComponent(host)}`, { schema: HostRow, signal, errorHandlerEnabled: false })
        : api.request(`resources/${encodeURIComponent(host)}/${encodeURIComponent(resource)}`, {
            schema: ResourceRow,
            signal,
            errorHandlerEnabled: false,
          }),
    retry: false,
  })
}

const ChildGroups = z.object({
  result: z.array(
    z.object({ hosttype: z.string().nullable(), totalresults: z.number().int(), result: z.array(z.looseObject({ name: z.string() })) }),
  ),
})

/** SPEC §2 child hosts, fetched only when a row is expanded (the component mounts then). */
export function useChildren(host: string) {
  return useQuery({
    queryKey: monitoringKeys.children(host),
    queryFn: ({ signal }) => api.request('hosts/grouped', { query: childQuery(host), schema: ChildGroups, signal }),
  })
}

/** SPEC §7 GET search with query and optional comma-separated environment_ids. */
export function useSearch(query: string | null, environmentIds: string) {
  return useQuery({
    queryKey: monitoringKeys.search(query ?? '', environmentIds),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.request('search', { query: { query: query!, environment_ids: environmentIds || undefined }, schema: SearchResponse, signal }),
  })
}

/**
 * Refreshes every table (the `r` shortcut, after actions, the feed, when auto-refresh resumes), or with scope
 * `resources` every table but the hosts' counts and alerts segments: the cached pages and counts marked stale,
 * the ones on screen fetched again one per task, pages first. Starting a screen's dozen fetches at once (their
 * URLs, the token, the browser's request set-up) held one frame for 25–50 ms on every background refresh (issue 17
 * alerts-page).
 */
export async function refreshTables(scope: RefreshScope = 'all'): Promise<void> {
  const tables = { queryKey: monitoringKeys.tables(), predicate: (q: Query) => scope === 'all' || !isHostsOnly(q) }
  await queryClient.invalidateQueries({ ...tables, refetchType: 'none' })
  const shown = queryClient.getQueryCache().findAll({ ...tables, type: 'active' })
  shown.sort((a, b) => Number(isPageQuery(b)) - Number(isPageQuery(a)))
  hostSegmentsKept = scope === 'resources'
  try {
    await Promise.all(
      await startOnePerTask(shown, (query) => queryClient.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' })),
    )
  } finally {
    hostSegmentsKept = false
  }
}

/** After an action on a row: its tables, its subject page, tickets and its action lists. */
export function refreshAfterAction(rows: readonly MonitoredRow[]): void {
  void refreshTables()
  void queryClient.invalidateQueries({ queryKey: monitoringKeys.subjects() })
  void queryClient.invalidateQueries({ queryKey: ticketKeys.all })
  for (const row of rows)
    void queryClient.invalidateQueries({
      queryKey: monitoringKeys.actions(`${row.monitoring_type === 'host' ? 'hosts' : 'resources'}/${row.id}`),
    })
}

const Total = z.object({ totalresults: z.number().int() })

/**
 * Issue 15 first run: whether the person sees any host besides the one a new installation adds. One count
 * (limit 1), fetched again whenever a screen shows it, so the first-run offers go once a host is added.
 */
export function useHasOwnHosts() {
  return useQuery({
    queryKey: monitoringKeys.ownHosts(),
    queryFn: ({ signal }) =>
      api
        .request('hosts/', {
          query: { limit: 1, columns: 'id', advanced_filter: JSON.stringify([['name', 'not_equals', FIRST_START_HOST]]) },
          schema: Total,
          signal,
        })
        .then((r) => r.totalresults > 0),
    staleTime: 0,
  })
}
