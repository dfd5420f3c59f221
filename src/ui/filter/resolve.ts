/**
 * The custom filter a table applies, from its `?filter=` (SPEC §2): a base64 JSON list of rules, or a saved
 * filter's guid loaded from the server. SPEC §5: over 1500 characters or invalid → nothing applied with
 * 'Unable to parse filter. Filter not applied.'; the old status filter is refused; a saved filter that
 * cannot be loaded → "The requested filter could not be loaded.". Rules must name the screen's columns.
 */
import type { FilterNode } from '../../shared/filter'
import { panelFilter, filterKeys, type PanelNode } from './rules'
import { decodeFilter, type FilterNotice, type FilterParam } from './url'

export interface ResolvedFilter {
  tuples: PanelNode[]
  notice: FilterNotice | null
  /** A saved filter is still loading: nothing is applied yet. */
  loading: boolean
  /** The applied saved filter's name, named on the screen (issue 17). */
  name?: string
}

export interface SavedFilterLoad {
  rules?: readonly FilterNode[]
  name?: string
  failed: boolean
}

const NONE: ResolvedFilter = { tuples: [], notice: null, loading: false }

export function resolveFilter(param: FilterParam, saved: SavedFilterLoad, columnKeys: readonly string[]): ResolvedFilter {
  const fits = (tuples: PanelNode[]) => filterKeys(tuples).every((key) => columnKeys.includes(key))
  switch (param.kind) {
    case 'none':
      return NONE
    case 'encoded': {
      const decoded = decodeFilter(param.value)
      if (!fits(decoded.filter)) return { ...NONE, notice: 'unparseable' }
      return { tuples: decoded.filter, notice: decoded.notice, loading: false }
    }
    case 'saved': {
      if (saved.failed) return { ...NONE, notice: 'notLoadable' }
      if (!saved.rules) return { ...NONE, loading: true }
      const tuples = panelFilter(saved.rules)
      return tuples && fits(tuples) ? { tuples, notice: null, loading: false, name: saved.name } : { ...NONE, notice: 'notLoadable' }
    }
  }
}
