/** Addresses of the SPEC §2 monitoring screens, host and resource tabs, and the jump-to menu. */
import { encodeFilter, formatTablePath, type FilterTuple, type TablePath } from '../ui'
import { hostPath, resourcePath } from './timeline/links'
import { isHost, type MonitoredRow } from './model'
import { CONFIG_BACKUPS_RESOURCE } from '../shared/config-backups'

export { hostPath, resourcePath }

/** SPEC §2 host tabs; timeline and graphs are routed by their own pages (issue 5). */
export const HOST_TABS = ['resources', 'status', 'timeline', 'graphs', 'risks'] as const
export type HostTab = (typeof HOST_TABS)[number]
/** SPEC §2 resource tabs; configs only for the resource named Config Backups. */
export const RESOURCE_TABS = ['status', 'timeline', 'graphs', 'configs'] as const
export type ResourceTab = (typeof RESOURCE_TABS)[number]

export const resourceTabs = (resourceName: string): ResourceTab[] =>
  RESOURCE_TABS.filter((tab) => tab !== 'configs' || resourceName === CONFIG_BACKUPS_RESOURCE)

/** SPEC §2 jump-to dropdown: status, resources, timeline, graphs, assets. */
export type JumpTarget = 'status' | 'resources' | 'timeline' | 'graphs' | 'assets'

export interface Jump {
  target: JumpTarget
  to: string
}

/** A host's jump-to entries; assets only when the host has asset data (SPEC §2 assets link). */
export function hostJumps(host: string, hasAssetData: boolean): Jump[] {
  return [
    { target: 'status', to: hostPath(host, 'status') },
    { target: 'resources', to: hostPath(host, 'resources') },
    { target: 'timeline', to: hostPath(host, 'timeline') },
    { target: 'graphs', to: hostPath(host, 'graphs') },
    ...(hasAssetData ? [{ target: 'assets' as const, to: `/assets/${encodeURIComponent(host)}` }] : []),
  ]
}

/** A resource's jump-to entries: its tabs and its host's resources; graphs only when it has some. */
export function resourceJumps(host: string, resource: string, hasGraph: boolean): Jump[] {
  return [
    { target: 'status', to: resourcePath(host, resource, 'status') },
    { target: 'resources', to: hostPath(host, 'resources') },
    { target: 'timeline', to: resourcePath(host, resource, 'timeline') },
    ...(hasGraph ? [{ target: 'graphs' as const, to: resourcePath(host, resource, 'graphs') }] : []),
  ]
}

export function jumpTargets(row: MonitoredRow): Jump[] {
  return isHost(row) ? hostJumps(row.name, row.has_asset_data) : resourceJumps(row.host_name, row.display_name, row.has_graph)
}

/** The ticket page that a built-in ticket's web_url points at (`/#/tickets/{ticket_id}`). */
export const ticketPath = (ticketId: string) => `/tickets/${encodeURIComponent(ticketId)}`

/** A table screen's address: its base, the SPEC §2 path forms, and the query. */
export function tableHref(base: string, path: TablePath, search: URLSearchParams): string {
  const tail = formatTablePath(path)
  const query = search.toString()
  return `${base}${tail ? `/${tail}` : ''}${query ? `?${query}` : ''}`
}

/** SPEC §2 "/monitoring/hosts/groupby=type?filter={encoded filter}", the link of a child-host badge. */
export function hostsFilteredHref(filter: readonly FilterTuple[], groupBy = 'type'): string {
  return `/monitoring/hosts/groupby=${groupBy}?filter=${encodeURIComponent(encodeFilter(filter))}`
}
