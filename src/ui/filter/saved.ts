/**
 * Saved filters (SPEC §2 "Saved filters, personal or organization-wide", §3 "Saved filter", §6 only users
 * allowed to manage users save organization-wide ones). The screen wires the API:
 * `GET /api/v1/filters/?location=…` lists, `POST /api/v1/filters/ {name, location, rules, organization_wide}`
 * saves, `GET|DELETE /api/v1/filters/{guid}`; the panel only needs the fields below. Rules travel in the
 * filter language of SPEC §7 advanced_filter (tuples, inverted rules, or-groups).
 */
import type { FilterNode } from '../../shared/filter'
import { isValidName } from '../../shared/validation'
import type { PanelNode } from './rules'

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
  rules: PanelNode[]
}

/** SPEC §5 name rules: 'required' when empty, 'invalid' when not 2–50 allowed characters. */
export function filterNameError(name: string): 'required' | 'invalid' | null {
  if (name.trim() === '') return 'required'
  return isValidName(name) ? null : 'invalid'
}
