/**
 * SPEC §3 Saved filter (name, guid, location, created_by, rules), §5 Filters, §6 "Organization-wide saved
 * filters can be saved only by those allowed to manage users" (user_read). Locations are the sections of
 * SPEC §3 User custom_filter ids.
 */
import { z } from 'zod'
import { AdvancedFilter, FilterValue } from '../filter'
import { NAME_MAX, NAME_MIN } from '../constants'
import { Name } from '../validation'

export const FILTER_LOCATIONS = ['problems', 'hosts', 'resources', 'maps', 'risks', 'admin', 'reports'] as const
export const FilterLocation = z.enum(FILTER_LOCATIONS)
export type FilterLocation = z.infer<typeof FilterLocation>

export const SavedFilterBody = z.object({
  /** SPEC §5 name rule (2–50 letters, digits, dot, underscore, hyphen, single spaces), as the save dialog asks */
  name: z.string().trim().min(NAME_MIN).max(NAME_MAX).pipe(Name),
  location: FilterLocation,
  rules: AdvancedFilter.min(1),
  organization_wide: z.boolean().default(false),
  /** the organization of an organization-wide filter; default the user's own */
  organization_id: z.number().int().positive().optional(),
})
export type SavedFilterBody = z.infer<typeof SavedFilterBody>

/**
 * SPEC §3 Saved filter rule as it is returned: key, operator, value, inverted, or an or-group. Rules may be
 * sent in any form of the filter language (`[column, condition, value]`, SPEC §3 custom_filter entries
 * `{type: "filter", …}`); they are stored and returned in this one.
 */
export type SavedFilterRule = { key: string; operator: string; value: FilterValue; inverted: boolean } | { or: SavedFilterRule[] }
export const SavedFilterRule: z.ZodType<SavedFilterRule> = z
  .lazy(() =>
    z.union([
      z.object({ key: z.string(), operator: z.string(), value: FilterValue, inverted: z.boolean() }),
      z.object({ or: z.array(SavedFilterRule) }),
    ]),
  )
  .meta({ id: 'SavedFilterRule' }) // named: a recursive schema's $ref needs a home in components.schemas

export const SavedFilterQuery = z.object({ location: FilterLocation.optional() })
export const GuidParams = z.object({ guid: z.string().min(1).max(100) })

export const SavedFilter = z.object({
  guid: z.string(),
  name: z.string(),
  location: FilterLocation,
  /** username of who saved it */
  created_by: z.string(),
  /** null when personal */
  organization_id: z.number().int().nullable(),
  rules: z.array(SavedFilterRule),
  created_time: z.number().int(),
})
export type SavedFilter = z.infer<typeof SavedFilter>
export const SavedFilterList = z.object({ result: z.array(SavedFilter), totalresults: z.number().int() })
