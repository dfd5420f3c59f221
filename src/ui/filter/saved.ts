/**
 * Saved filters (SPEC §2 "Saved filters, personal or organization-wide", §3 "Saved filter", §6 only users
 * allowed to manage users save organization-wide ones). The screen wires the API:
 * `GET /api/v1/filters/?location=…` lists, `POST /api/v1/filters/ {name, location, rules, organization_wide}`
 * saves, `GET|DELETE /api/v1/filters/{guid}`; the panel only needs the fields below. Rules travel as SPEC §3
 * table filter model custom_filter entries (`{type: "filter", key, value, operator}`), never as bare tuples.
 */
import { normaliseOperator, normaliseRule, type FilterNode } from '../../shared/filter'
import type { CustomFilterRule } from '../../shared/api/table-filter'
import { isValidName } from '../../shared/validation'
import type { FilterTuple } from './rules'

export interface SavedFilterSummary {
  guid: string
  name: string
  /** null for a personal filter, the organization's id for an organization-wide one. */
  organization_id: number | null
  rules: readonly FilterNode[]
}

/** What the save dialog hands to the screen, which adds `location` and POSTs it. */
export interface SaveFilterInput {
  name: string
  organization_wide: boolean
  rules: CustomFilterRule[]
}

/**
 * The panel's rules of a saved filter. Or-groups and inverted rules (SPEC §3 allows them) have no rule row,
 * so such a filter is "The requested filter could not be loaded." (null).
 */
export function filterTuples(rules: readonly FilterNode[]): FilterTuple[] | null {
  const tuples: FilterTuple[] = []
  for (const node of rules) {
    if (!Array.isArray(node) && 'or' in node) return null
    const rule = normaliseRule(node)
    const condition = normaliseOperator(rule.operator)
    if (condition === null || rule.inverted) return null
    tuples.push([rule.key, condition, rule.value])
  }
  return tuples
}

/** SPEC §5 name rules: 'required' when empty, 'invalid' when not 2–50 allowed characters. */
export function filterNameError(name: string): 'required' | 'invalid' | null {
  if (name.trim() === '') return 'required'
  return isValidName(name) ? null : 'invalid'
}
