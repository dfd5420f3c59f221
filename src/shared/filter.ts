/**
 * The filter language of SPEC §5 "Filters" and §7 list calls, shared by the filter panel and the server.
 * A rule is `[column, operator, value]` (the SPEC §2 base64 form) or `{key, operator, value, inverted}`
 * (SPEC §3 Saved filter rule); `{or: [...rules]}` is an or-group. Rules at the top level are and-ed.
 */
import { z } from 'zod'

/** SPEC §5 "Conditions by kind" (plus in / not in). */
export const OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'not_starts_with',
  'ends_with',
  'not_ends_with',
  'greater_than',
  'less_than',
  'after',
  'before',
  'between',
  'in',
  'not_in',
] as const
export type Operator = (typeof OPERATORS)[number]

/** Value kinds of SPEC §3 "Filter rule value kinds", reduced to how they compare. */
export type ValueKind = 'text' | 'integer' | 'date' | 'enum' | 'boolean' | 'version'

export const OPERATORS_BY_KIND: Record<ValueKind, readonly Operator[]> = {
  text: [
    'equals',
    'not_equals',
    'contains',
    'not_contains',
    'starts_with',
    'not_starts_with',
    'ends_with',
    'not_ends_with',
    'in',
    'not_in',
  ],
  integer: ['equals', 'not_equals', 'greater_than', 'less_than', 'in', 'not_in'],
  date: ['after', 'before', 'between'],
  enum: ['equals', 'not_equals', 'in', 'not_in'],
  boolean: ['equals', 'not_equals'],
  version: ['equals', 'not_equals'],
}

/**
 * SPEC §3 "Filter rule value kinds": monitoring status (multi), filtered under this key on hosts and
 * resources. A row can have several at once: `equals`/`in` keep rows with any of the values,
 * `not_equals`/`not_in` rows with none of them (SPEC §5 "others: equals, not equals", plus in / not in).
 */
export const MONITORING_STATUS_KEY = 'monitoring_status'
export const MONITORING_STATUSES = ['in_maintenance', 'has_ticket', 'is_flapping', 'in_hard_state'] as const
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number]

/** SPEC §4 "Filter rules": the default condition when a column is chosen. */
export const DEFAULT_OPERATOR: Record<ValueKind, Operator> = {
  text: 'contains',
  integer: 'equals',
  date: 'before',
  enum: 'equals',
  boolean: 'equals',
  version: 'equals',
}

const ALIASES: Record<string, Operator> = {
  '=': 'equals',
  '==': 'equals',
  eq: 'equals',
  '!=': 'not_equals',
  ne: 'not_equals',
  '>': 'greater_than',
  gt: 'greater_than',
  '<': 'less_than',
  lt: 'less_than',
  not_equal: 'not_equals',
}

/** Normalises an operator name; returns null for one the language does not know (→ unknown_operator). */
export function normaliseOperator(op: string): Operator | null {
  const o = op
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  if ((OPERATORS as readonly string[]).includes(o)) return o as Operator
  return Object.hasOwn(ALIASES, o) ? ALIASES[o] : null
}

const Scalar = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])

/**
 * SPEC §3 "Software version is an object with name.raw.value and version.raw.value". Read as the nested
 * object `{name: {raw: {value}}, version: {raw: {value}}}`; the dotted words also read as flat keys
 * (`{"name.raw.value": …, "version.raw.value": …}`), so both are accepted. The version may be left out
 * or empty: any version of the package. Strict objects, so no other value kind gains an object form.
 */
const RawText = z.strictObject({ raw: z.strictObject({ value: z.string().max(255) }) })
export const SoftwareVersionValue = z.union([
  z.strictObject({ name: RawText, version: RawText.optional() }),
  z.strictObject({ 'name.raw.value': z.string().max(255), 'version.raw.value': z.string().max(255).optional() }),
])

export const FilterValue = z.union([Scalar, z.array(Scalar).max(1500), SoftwareVersionValue])
export type FilterValue = z.infer<typeof FilterValue>

/**
 * The package a software version value names (trimmed; an empty version means any); null when it is not one.
 * Hosts and resources (through their host) filter on it under the key `software` (SPEC §5 "software
 * version: equals, not equals").
 */
export function parseSoftwareVersion(value: FilterValue): { name: string; version: string } | null {
  const parsed = SoftwareVersionValue.safeParse(value)
  if (!parsed.success) return null
  const v = parsed.data
  const [name, version] = 'name' in v ? [v.name.raw.value, v.version?.raw.value] : [v['name.raw.value'], v['version.raw.value']]
  return name.trim() ? { name: name.trim(), version: (version ?? '').trim() } : null
}

export const FilterRule = z.union([
  z.tuple([z.string().min(1).max(100), z.string().min(1).max(40), FilterValue]),
  z.object({ key: z.string().min(1).max(100), operator: z.string().min(1).max(40), value: FilterValue, inverted: z.boolean().optional() }),
])
export type FilterRule = z.infer<typeof FilterRule>

export type FilterNode = FilterRule | { or: FilterNode[] }
// Named: the OpenAPI document (plugins/openapi.ts) lists it under components.schemas, its recursion a $ref there.
export const FilterNode: z.ZodType<FilterNode> = z
  .lazy(() => z.union([FilterRule, z.object({ or: z.array(FilterNode).min(1).max(50) })]))
  .meta({ id: 'FilterNode' })

/** How deep or-groups may nest: deeper is `validation_failed`, never a stack overflow (issue 13). */
export const MAX_OR_DEPTH = 20

/** The deepest or-group nesting in a list of nodes (rules alone: 0). */
export function orDepth(nodes: readonly FilterNode[]): number {
  let deepest = 0
  const stack: [FilterNode, number][] = nodes.map((n) => [n, 0])
  while (stack.length) {
    const [n, depth] = stack.pop()!
    if (Array.isArray(n) || !('or' in n)) continue
    deepest = Math.max(deepest, depth + 1)
    for (const child of n.or) stack.push([child, depth + 1])
  }
  return deepest
}

export const AdvancedFilter = z
  .array(FilterNode)
  .max(100)
  .refine((nodes) => orDepth(nodes) <= MAX_OR_DEPTH, { message: `or-groups nest at most ${MAX_OR_DEPTH} deep` })

/** A rule in one shape: the form every consumer reads. */
export interface NormalRule {
  key: string
  operator: string
  value: FilterValue
  inverted: boolean
}
export function normaliseRule(rule: FilterRule): NormalRule {
  return Array.isArray(rule)
    ? { key: rule[0], operator: rule[1], value: rule[2], inverted: false }
    : { key: rule.key, operator: rule.operator, value: rule.value, inverted: rule.inverted ?? false }
}

/** SPEC §5 date/age "between": two unix times joined by a bar. */
export function parseBetween(value: FilterValue): [number, number] | null {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split('|') : []
  if (parts.length !== 2) return null
  const [a, b] = parts.map((p) => Number(p))
  return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null
}

/** SPEC §7 `order`: `"name"`, `"-name"` (descending) or a JSON list of those. */
export const OrderSpec = z.union([z.string().max(100), z.array(z.string().max(100)).max(10)])
export interface OrderTerm {
  column: string
  desc: boolean
}
export function parseOrder(order: z.infer<typeof OrderSpec>): OrderTerm[] {
  const terms = Array.isArray(order) ? order : order.split(',')
  return terms
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => {
      const [col, dir] = t.split(/\s+/)
      if (col.startsWith('-')) return { column: col.slice(1), desc: true }
      return { column: col, desc: dir?.toLowerCase() === 'desc' }
    })
}
