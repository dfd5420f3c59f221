/**
 * Filters in links. SPEC §2: `?filter={encoded filter}` is "a base64 JSON list of [column, condition, value]",
 * and `?filter={guid}` loads a saved filter. A readable form, the JSON list itself (`?filter=[["state",…]]`),
 * is read too and offered beside the base64 one (issue 17); or-groups and inverted rules travel in both. SPEC §5: a URL filter longer than 1500 characters is ignored,
 * an invalid one decodes to an empty filter ('Unable to parse filter. Filter not applied.'), and the old
 * status filter is refused in favour of the quick filters.
 */
import { FILTER_URL_MAX } from '../../shared/constants'
import { FilterNode } from '../../shared/filter'
import { filterKeys, panelFilter, type PanelNode } from './rules'

/** Why a filter from a link or the server was not (fully) applied; each has a text in `ui.filter.notices`. */
export type FilterNotice = 'unparseable' | 'statusFilterRemoved' | 'notLoadable'

/** The column of the old status filter, replaced by the state quick filters (SPEC §5). */
export const OLD_STATUS_COLUMN = 'status'

export function encodeFilter(filter: readonly PanelNode[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(filter))
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
}

/** The readable form: the JSON list, with only what a URL needs escaped. */
export function readableFilter(filter: readonly PanelNode[]): string {
  return encodeURIComponent(JSON.stringify(filter)).replace(/%(5B|5D|7B|7D|22|2C|3A)/g, (c) => decodeURIComponent(c))
}

export interface DecodedFilter {
  filter: PanelNode[]
  notice: FilterNotice | null
}

const UNPARSEABLE: DecodedFilter = { filter: [], notice: 'unparseable' }

/** Standard or URL-safe base64, padding optional (links get retyped and re-encoded). */
function base64Text(encoded: string): string | null {
  const standard = encoded.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/ /g, '+')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return null
  try {
    const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='))
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return null
  }
}

/** A filter from a link. The rules' own fit to the screen's columns is checked by `draftsOf`. */
export function decodeFilter(encoded: string): DecodedFilter {
  if (encoded.length === 0 || encoded.length > FILTER_URL_MAX) return UNPARSEABLE
  const text = encoded.trim().startsWith('[') ? encoded : base64Text(encoded)
  if (text === null) return UNPARSEABLE
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return UNPARSEABLE
  }
  const parsed = FilterNode.array().max(100).safeParse(raw)
  if (!parsed.success) return UNPARSEABLE
  const filter = panelFilter(parsed.data)
  if (filter === null) return UNPARSEABLE
  const kept = filter.filter((node) => !filterKeys([node]).includes(OLD_STATUS_COLUMN))
  return { filter: kept, notice: kept.length < filter.length ? 'statusFilterRemoved' : null }
}

/** What `?filter=` holds: nothing, a saved filter's guid, or an encoded filter. */
export type FilterParam = { kind: 'none' } | { kind: 'saved'; guid: string } | { kind: 'encoded'; value: string }

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function readFilterParam(value: string | null | undefined): FilterParam {
  if (value === null || value === undefined || value.trim() === '') return { kind: 'none' }
  return GUID.test(value.trim()) ? { kind: 'saved', guid: value.trim().toLowerCase() } : { kind: 'encoded', value }
}

/**
 * The link of the copy-URL action: `href` with `?filter=` set (or removed for an empty filter) in the hash
 * route's query, where the hash router reads it; other query parameters stay.
 */
export function withFilterParam(href: string, filter: readonly PanelNode[], readable = false): string {
  const hashAt = href.indexOf('#')
  const [base, route] = hashAt < 0 ? ['', href] : [href.slice(0, hashAt + 1), href.slice(hashAt + 1)]
  const queryAt = route.indexOf('?')
  const path = queryAt < 0 ? route : route.slice(0, queryAt)
  const params = new URLSearchParams(queryAt < 0 ? '' : route.slice(queryAt + 1))
  params.delete('filter')
  const others = params.toString()
  const own = filter.length === 0 ? '' : `filter=${readable ? readableFilter(filter) : encodeURIComponent(encodeFilter(filter))}`
  const query = [others, own].filter(Boolean).join('&')
  return `${base}${path}${query ? `?${query}` : ''}`
}

/** SPEC §5: a link whose filter is over 1500 characters would be ignored when opened. */
export function fitsInLink(filter: readonly PanelNode[], readable = false): boolean {
  return (readable ? JSON.stringify(filter) : encodeFilter(filter)).length <= FILTER_URL_MAX
}
