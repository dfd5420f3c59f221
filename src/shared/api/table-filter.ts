/**
 * SPEC §3 "Table filter model": what a table's filter state is made of, with the SPEC's names — quick_filters
 * (by field), state_totals, extra_totals, custom_filter (a list of `{type: "filter", key, value, operator}`),
 * extra_filter, defaultStatesFilter, defaultExtraFilter, customFilterCapable, show_empty. The filter panel and
 * the table panel read it (src/ui/filter/model.ts); custom_filter rules are also what saved filters and
 * `advanced_filter` accept on the wire (the SPEC §5 filter language of ../filter.ts).
 *
 * Readings Vigil chose where SPEC leaves them open (issue 8):
 * - `quick_filters` maps a field to the values switched on (`{state: ["down", "critical"]}`); a field with no
 *   value on does not narrow the table.
 * - `extra_filter` maps each extra filter of SPEC §4 "Extra tags" that a table offers (acknowledged, in
 *   maintenance) to whether its rows are shown; `defaultExtraFilter` is the same map as the route starts it
 *   (SPEC §2 …/unhandled hides both).
 * - `state_totals` / `extra_totals` count the rows under the custom filter, before the quick filters.
 * - `show_empty`: the table is shown even when it has no rows (with the SPEC §2 empty message).
 */
import { z } from 'zod'
import { FilterValue, OPERATORS, type FilterValue as FilterValueType, type Operator } from '../filter'

/** SPEC §3 custom_filter entry: `{type: "filter", key, value, operator}`. */
export const CustomFilterRule = z.object({
  type: z.literal('filter'),
  key: z.string().min(1).max(100),
  value: FilterValue,
  operator: z.enum(OPERATORS),
})
export type CustomFilterRule = z.infer<typeof CustomFilterRule>

/**
 * The extra filters of the monitoring tables (SPEC §2 "…/all … with the acknowledgement and maintenance extra
 * filters"; SPEC §4 extra tag "with ticket", so that …/unhandled leaves ticketed problems out too, issue 17).
 */
export const EXTRA_FILTERS = ['acknowledged', 'maintenance', 'ticket'] as const
export const ExtraFilter = z.enum(EXTRA_FILTERS)
export type ExtraFilter = z.infer<typeof ExtraFilter>

const Count = z.number().int().min(0)
const FieldValues = z.array(z.string().max(100)).max(50)
const ExtraSwitches = z.partialRecord(ExtraFilter, z.boolean())

export const TableFilterModel = z.object({
  quick_filters: z.record(z.string().min(1).max(100), FieldValues),
  state_totals: z.record(z.string().max(100), Count),
  extra_totals: z.partialRecord(ExtraFilter, Count),
  custom_filter: z.array(CustomFilterRule).max(100),
  extra_filter: ExtraSwitches,
  defaultStatesFilter: FieldValues,
  defaultExtraFilter: ExtraSwitches,
  customFilterCapable: z.boolean(),
  show_empty: z.boolean(),
})
export type TableFilterModel = z.infer<typeof TableFilterModel>

/** A `[column, condition, value]` rule (the SPEC §2 link form) as a custom_filter entry. */
export function toCustomFilter(rules: readonly (readonly [string, Operator, FilterValueType])[]): CustomFilterRule[] {
  return rules.map(([key, operator, value]) => ({ type: 'filter', key, value, operator }))
}

/** custom_filter entries as `[column, condition, value]` rules. */
export function fromCustomFilter(rules: readonly CustomFilterRule[]): [string, Operator, FilterValueType][] {
  return rules.map((r) => [r.key, r.operator, r.value])
}

/** The extra filters whose rows a model hides (switched off). */
export function hiddenExtras(switches: TableFilterModel['extra_filter']): ExtraFilter[] {
  return EXTRA_FILTERS.filter((k) => switches[k] === false)
}

/** The switches of a list of hidden extra filters: every other one shows its rows. */
export function extraSwitches(hidden: readonly ExtraFilter[]): TableFilterModel['extra_filter'] {
  return Object.fromEntries(EXTRA_FILTERS.map((k) => [k, !hidden.includes(k)]))
}
