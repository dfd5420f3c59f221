/**
 * The PostgreSQL plan of a SPEC §7 list page (store/list.ts `listEntities`): the page's ids found in the base table
 * alone, and a text part's matches found first through the trigram index and then sorted. list.ts has checked the
 * call and written its SQL; this file only picks how PostgreSQL runs it.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Database } from './db'
import { rowCount } from './pg-prepared'
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
  const counted = async () => Number((await call.count.execute(db)).rows[0].n ?? 0)
  // A text part's matches may all lie at the far end of the sort index, which the planner cannot know (a page of
  // hosts whose name contains "web", sorted by name, read 94,000 rows): its matches are found through the trigram
  // index and sorted, and counted on the way (COUNT(*) OVER ()), instead of being found twice. The count alone took
  // the environment index and matched every host's name (230 ms for 100,000 hosts, EXPLAIN ANALYZE), three times
  // the trigram route. A page past the last match has no row to carry the count: it is counted apart.
  if (call.def.countFrom && matchesTextPart(call) && !joins(call)) {
    const rows = (await countedPageSql(call).execute(db)).rows as { vigil_matches: number | string }[]
    if (!rows.length) return { rows, count: await counted() }
    const count = Number(rows[0].vigil_matches)
    return { rows: rows.map(({ vigil_matches: _, ...row }) => row), count }
  }
  if (matchesTextPart(call)) {
    const count = await counted()
    return { rows: await page(count <= FILTER_FIRST_MAX), count }
  }
  // Otherwise the count and the page run at once, on two connections.
  const [count, rows] = await Promise.all([counted(), page(false)])
  return { rows, count }
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

/** Does the filter or the order read a joined table? Then the page is found with the joins. */
const joins = ({ rules, sorted }: PostgresListCall) => [...rules.map((r) => r.column), ...sorted].some((c) => c.joined)

const idOf = (def: EntityDef<any, any>) => sql.raw(def.scopeColumn.split('.')[0] + '.id')

/** The matches of the filter alone, fenced (OFFSET 0 keeps the planner from merging it) so that its best index finds them. */
const fencedMatches = ({ def, where }: PostgresListCall) =>
  sql`(SELECT * FROM ${sql.raw(def.countFrom!)} WHERE ${where} OFFSET 0) AS ${sql.raw(def.countFrom!)}`

/**
 * The page. When neither the filter nor the order reads a joined table, the page's ids are found in the base table
 * alone and only those rows are joined: PostgreSQL joins below LIMIT/OFFSET, so a page at offset 450 otherwise
 * looked up 500 hosts of resources (bench/api-lists, EXPLAIN ANALYZE) to keep 50.
 * `filterFirst` finds the matches by the best index for the filter and then sorts them, instead of walking a sort index.
 */
function pageSql(call: PostgresListCall, filterFirst: boolean) {
  const { def, where, order } = call
  const [limit, offset] = [rowCount(call.limit), rowCount(call.offset)]
  if (!def.countFrom || joins(call))
    return sql`SELECT ${sql.raw(def.select)} FROM ${sql.raw(def.from)} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
  const id = idOf(def)
  const ids = filterFirst
    ? sql`SELECT ${id} FROM ${fencedMatches(call)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
    : sql`SELECT ${id} FROM ${sql.raw(def.countFrom)} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
  // The page's ids as an array, found first: each row is then read by its primary key. As `id IN (…)` the whole
  // table was read into a hash semi-join (EXPLAIN ANALYZE under bench/load, where results keep updating it).
  return sql`SELECT ${sql.raw(def.select)} FROM ${sql.raw(def.from)} WHERE ${id} = ANY(ARRAY(${ids})) ORDER BY ${order}`
}

/** The page of a text part's matches (found first, as pageSql), each row with the count of every match. */
function countedPageSql(call: PostgresListCall) {
  const { def, order } = call
  const id = idOf(def)
  const ids = sql`SELECT ${id} AS vigil_id, COUNT(*) OVER () AS vigil_matches FROM ${fencedMatches(call)} ORDER BY ${order} LIMIT ${rowCount(call.limit)} OFFSET ${rowCount(call.offset)}`
  return sql`SELECT ${sql.raw(def.select)}, vigil_page.vigil_matches FROM ${sql.raw(def.from)} JOIN (${ids}) AS vigil_page ON vigil_page.vigil_id = ${id} ORDER BY ${order}`
}
