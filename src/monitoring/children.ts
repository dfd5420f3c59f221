/**
 * SPEC §2 host table "child hosts (loaded lazily as badges)": "at most 3 names, each truncated to 25
 * characters, then an ellipsis. A child fetch takes at most 1500." The fetch is SPEC §7 GET hosts/grouped
 * with group_by=hosttype, limit, columns id,name,state,hosttype,parents,children and advanced_filter
 * parents equals the host; each badge is one host type and links to the host list filtered the same way.
 */
import { CHILD_HOST_FETCH_LIMIT } from '../shared/constants'
import type { FilterTuple } from '../ui'
import { hostsFilteredHref } from './links'

export const CHILD_NAMES_SHOWN = 3
export const CHILD_NAME_MAX = 25
const ELLIPSIS = '…'

/** The query of the child fetch (SPEC §7 Hosts). */
export function childQuery(parent: string) {
  return {
    group_by: 'hosttype',
    limit: CHILD_HOST_FETCH_LIMIT,
    columns: 'id,name,state,hosttype,parents,children',
    advanced_filter: JSON.stringify([['parents', 'equals', parent]]),
  }
}

export function truncateName(name: string, max = CHILD_NAME_MAX): string {
  return name.length > max ? `${name.slice(0, max)}${ELLIPSIS}` : name
}

/** One group of the hosts/grouped answer. */
export interface ChildGroup {
  hosttype: string | null
  totalresults: number
  result: readonly { name: string }[]
}

export interface ChildBadge {
  hosttype: string
  count: number
  /** "a, b, c…": up to three truncated names, an ellipsis when there are more. */
  text: string
  href: string
}

export function childBadges(parent: string, groups: readonly ChildGroup[]): ChildBadge[] {
  return groups
    .filter((g) => g.totalresults > 0)
    .map((g) => {
      const hosttype = g.hosttype ?? ''
      const names = g.result.slice(0, CHILD_NAMES_SHOWN).map((c) => truncateName(c.name))
      const more = g.totalresults > names.length
      const filter: FilterTuple[] = [
        ['parents', 'equals', parent],
        ['hosttype', 'equals', hosttype],
      ]
      return { hosttype, count: g.totalresults, text: `${names.join(', ')}${more ? ELLIPSIS : ''}`, href: hostsFilteredHref(filter) }
    })
}
