/**
 * The PostgreSQL plan of a SPEC §7 list page (store/list.ts `listEntities`): the page's ids found in the base table
 * alone, and a text part's matches found first through the trigram index and then sorted. list.ts has checked the
 * call and written its SQL; this file only picks how PostgreSQL runs it.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Database } from './db'
import type { ColumnDef, EntityDef } from './list'
import { normaliseOperator, type FilterValue } from '../../shared/filter'

/** One list call, checked: its rules and sort columns resolved, its where, order and count written. */
export interface PostgresListCall {
  def: EntityDef<any, any>
  /** Every rule of filter and advanced_filter (or-groups flattened) with its column. */
  rules: readonly { column: ColumnDef; operator: string; value: FilterValue }[]
  /** The columns of the order's terms. */
  sorted: readonly ColumnDef[]
  where: RawBuilder<SqlBool>
  order: RawBuilder<unknown>
  limit: number
  offset: number
  count: RawBuilder<{ n: number | null }>
}

/** Up to this many matches of a text part are found first and then sorted. */
const FILTER_FIRST_MAX = 20_000

/** The rows of the page (as `def.select` reads them) and the count of every match. */
export async function postgresList(db: Kysely<Database>, call: PostgresListCall): Promise<{ rows: unknown[]; count: number }> {
  const page = async (filterFirst: boolean) => (await pageSql(call, filterFirst).execute(db)).rows
  // A text part's matches may all lie at the far end of the sort index, which the planner cannot know (a page of
  // hosts whose name contains "web", sorted by name, read 94,000 rows): up to FILTER_FIRST_MAX matches are found
  // through the trigram index and sorted. Otherwise the count and the page run at once, on two connections.
  if (matchesTextPart(call)) {
    const count = Number((await call.count.execute(db)).rows[0].n ?? 0)
    return { rows: await page(count <= FILTER_FIRST_MAX), count }
  }
  const [counted, rows] = await Promise.all([call.count.execute(db), page(false)])
  return { rows, count: Number(counted.rows[0].n ?? 0) }
}

const TEXT_MATCH: readonly string[] = ['contains', 'starts_with', 'ends_with']
/**
 * Does the call match a text by a part of at least three characters, which a trigram index finds (migration
 * 0040)? A shorter part has no trigram: every row is read whatever the order.
 */
const matchesTextPart = ({ rules }: PostgresListCall) =>
  rules.some(
    (r) =>
      TEXT_MATCH.includes(normaliseOperator(r.operator) ?? '') &&
      r.column.kind === 'text' &&
      typeof r.value === 'string' &&
      r.value.length >= 3,
  )

/**
 * The page. When neither the filter nor the order reads a joined table, the page's ids are found in the base table
 * alone and only those rows are joined: PostgreSQL joins below LIMIT/OFFSET, so a page at offset 450 otherwise
 * looked up 500 hosts of resources (bench/api-lists, EXPLAIN ANALYZE) to keep 50.
 * `filterFirst` fences the filter into a subquery (OFFSET 0 keeps the planner from merging it), so that the
 * matches are found by the best index for the filter and then sorted, instead of walking a sort index.
 */
function pageSql({ def, rules, sorted, where, order, limit, offset }: PostgresListCall, filterFirst: boolean) {
  const joined = [...rules.map((r) => r.column), ...sorted].some((c) => c.joined)
  if (!def.countFrom || joined)
    return sql`SELECT ${sql.raw(def.select)} FROM ${sql.raw(def.from)} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
  const base = sql.raw(def.countFrom)
  const id = sql.raw(def.scopeColumn.split('.')[0] + '.id')
  const ids = filterFirst
    ? sql`SELECT ${id} FROM (SELECT * FROM ${base} WHERE ${where} OFFSET 0) AS ${base} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
    : sql`SELECT ${id} FROM ${base} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
  return sql`SELECT ${sql.raw(def.select)} FROM ${sql.raw(def.from)} WHERE ${id} IN (${ids}) ORDER BY ${order}`
}
