/**
 * Timeline events as SPEC §3 JSON text, written by the database (issue 20, bench/timeline). A page of 1000 events
 * came back as rows, crossed from the SQLite reader's worker as 29,000 values, was turned into API objects and
 * written as JSON again: about 20 ms of the server's thread per page. Now the database writes each event's text
 * (SQLite's json_object, PostgreSQL's row_to_json) and the server joins the texts.
 *
 * The stored `data` and `extra_data` are JSON text. A cell that is no JSON object reads as {}. PostgreSQL 15 has no
 * validity test (pg_input_is_valid came in 16): there a cell that does not start with `{` reads as {}, and Vigil writes
 * these cells only with JSON.stringify.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Dialect } from './db'

type Expr = RawBuilder<unknown>

/** What differs between the two databases' JSON functions. `x` is a JSON object value of the dialect. */
interface JsonSql {
  /** An object of the pairs, as text. */
  object(pairs: [string, Expr][]): Expr
  /** A JSON text column as an object, {} when it holds something else. */
  objectOf(column: Expr): Expr
  /** `x` with the pairs set (a key it has keeps its place). */
  set(x: Expr, pairs: [string, Expr][]): Expr
  /** `x` as a value of an object (SQLite would write a text column as a string). */
  embed(x: Expr): Expr
  bool(condition: Expr): Expr
  /** x[key] as text when it is a string or a number, else null. */
  text(x: Expr, key: string): Expr
  number(x: Expr, key: string): Expr
  isTrue(x: Expr, key: string): Expr
  /** YYYY-MM-DD of a unix time in UTC. */
  day(time: Expr): Expr
}

const pairsOf = (pairs: [string, Expr][]) => sql.join(pairs.map(([k, v]) => sql`${sql.lit(k)}, ${v}`))
const path = (key: string) => sql.lit(`$.${key}`)

const SQLITE: JsonSql = {
  object: (pairs) => sql`json_object(${pairsOf(pairs)})`,
  objectOf: (c) => sql`coalesce(CASE WHEN json_valid(${c}) THEN CASE WHEN json_type(${c}) = 'object' THEN ${c} END END, '{}')`,
  set: (x, pairs) => sql`json_set(${x}, ${sql.join(pairs.map(([k, v]) => sql`${path(k)}, ${v}`))})`,
  embed: (x) => sql`json(${x})`,
  bool: (c) => sql`json(CASE WHEN ${c} THEN 'true' ELSE 'false' END)`,
  text: (x, key) =>
    sql`CASE WHEN json_type(${x}, ${path(key)}) IN ('text', 'integer', 'real') THEN CAST(${x} ->> ${path(key)} AS TEXT) END`,
  number: (x, key) => sql`CASE WHEN json_type(${x}, ${path(key)}) IN ('integer', 'real') THEN ${x} ->> ${path(key)} END`,
  isTrue: (x, key) => sql`json_type(${x}, ${path(key)}) = 'true'`,
  day: (t) => sql`strftime('%Y-%m-%d', ${t}, 'unixepoch')`,
}

const POSTGRES: JsonSql = {
  // A row of named columns: json_build_object's 37 pairs took a third longer on PostgreSQL 15.
  object: (pairs) => sql`(SELECT row_to_json(t) FROM (SELECT ${sql.join(pairs.map(([k, v]) => sql`${v} AS ${sql.id(k)}`))}) t)::text`,
  // Parsed once: a second parse to test the type first was a fifth of the page's time.
  // Not LIKE: a text with a pattern is planned on every call (pg-prepared.ts).
  objectOf: (c) => sql`CASE WHEN starts_with(${c}, '{') THEN ${c}::jsonb ELSE '{}'::jsonb END`,
  set: (x, pairs) => sql`${x} || jsonb_build_object(${pairsOf(pairs)})`,
  embed: (x) => x,
  bool: (c) => sql`(${c})`,
  text: (x, key) => sql`CASE WHEN jsonb_typeof(${x} -> ${sql.lit(key)}) IN ('string', 'number') THEN ${x} ->> ${sql.lit(key)} END`,
  number: (x, key) => sql`CASE WHEN jsonb_typeof(${x} -> ${sql.lit(key)}) = 'number' THEN (${x} ->> ${sql.lit(key)})::float8 END`,
  isTrue: (x, key) => sql`coalesce(${x} -> ${sql.lit(key)} = 'true'::jsonb, false)`,
  day: (t) => sql`to_char(to_timestamp(${t}) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
}

const ORDER = sql.raw('e.display_time DESC, e.id DESC')

/**
 * `SELECT json` of the events `rows` (a subquery of whole event rows), newest first as the timeline sorts, with
 * `index` counted from `offset`. `authorOrganizations`: where the caller may read the authors' e-mail and
 * organization (SPEC §3 audit fields; review L6: user_read there), or 'all' for a server admin.
 */
export function eventsJson(
  dialect: Dialect,
  rows: Expr,
  offset: number,
  authorOrganizations: number[] | 'all',
): RawBuilder<{ json: string }> {
  const j = dialect === 'sqlite' ? SQLITE : POSTGRES
  const x = sql.raw('e.x')
  const status = sql`CASE WHEN e.type = 'state_change' THEN lower(e.status) ELSE e.status END`
  // Looked up only for events that have an author (most are state changes): joining users and organizations to every
  // event was a fifth of a PostgreSQL page of 1,000 (issue 20, bench/timeline).
  const readable = (organizations: number[]) =>
    sql` AND coalesce(e.organization_id, (SELECT g.organization_id FROM hostgroups g WHERE g.id = e.hostgroup_id)) IN (${sql.join(organizations)})`
  const authorField = (column: string) =>
    authorOrganizations !== 'all' && !authorOrganizations.length
      ? sql.lit('')
      : sql`CASE WHEN e.user_id IS NULL THEN '' ELSE coalesce((SELECT coalesce(${sql.raw(column)}, '') FROM users u JOIN organizations uo ON uo.id = u.organization_id WHERE u.id = e.user_id${authorOrganizations === 'all' ? sql`` : readable(authorOrganizations)}), '') END`
  const col = (name: string) => sql.raw(`e.${name}`)
  const json = j.object([
    ['id', col('id')],
    ['type', col('type')],
    ['event_class', col('event_class')],
    ['subject_name', col('subject_name')],
    ['host_name', col('host_name')],
    ['hostgroup_id', col('hostgroup_id')],
    ['host_id', col('host_id')],
    ['resource_id', col('resource_id')],
    ['risk_id', col('risk_id')],
    ['risk_plugin_id', col('risk_plugin_id')],
    ['start_time', col('start_time')],
    ['end_time', col('end_time')],
    ['display_time', col('display_time')],
    ['display_day', j.day(col('display_time'))],
    ['index', sql.raw('e.i')],
    // SPEC §4: "State events show the state lowercased" with HARD/SOFT.
    ['status', status],
    ['state_type', col('state_type')],
    ['is_flapping', j.bool(sql`e.is_flapping = 1`)],
    // SPEC §3 "data (state/status)": what the writer stored, with the state (or status) the row has.
    [
      'data',
      sql`CASE WHEN e.type = 'state_change' THEN ${j.set(sql.raw('e.d'), [
        ['state', status],
        ['state_type', col('state_type')],
      ])} ELSE ${j.set(sql.raw('e.d'), [['status', col('status')]])} END`,
    ],
    ['message', col('message')],
    ['comment', col('comment')],
    // Maintenance has columns for these; older writers kept them in extra_data.
    ['is_flexible', j.bool(sql`e.is_flexible = 1 OR ${j.isTrue(x, 'is_flexible')}`)],
    ['duration', sql`coalesce(e.duration, ${j.number(x, 'duration')})`],
    ['user_id', col('user_id')],
    ['user_full_name', col('user_full_name')],
    ['username', col('username')],
    ['ticket_id', sql`NULLIF(e.ticket_id, '')`],
    // The other type-specific fields live in extra_data, lifted to the top level.
    ['solution', j.text(x, 'solution')],
    ['contact', j.text(x, 'contact')],
    ['command', j.text(x, 'command')],
    ['action', j.text(x, 'action')],
    ['extra_data', j.embed(x)],
    ['name', j.text(x, 'name')],
    ['version', j.text(x, 'version')],
    ['user', col('username')],
    ['user_organization', authorField('uo.name')],
    ['user_email', authorField('u.email')],
  ])
  const parsed = sql`SELECT r.*, ${j.objectOf(sql.raw('r.data'))} AS d, ${j.objectOf(sql.raw('r.extra_data'))} AS x, ${sql.lit(offset)} + row_number() OVER (ORDER BY ${sql.raw('r.display_time DESC, r.id DESC')}) - 1 AS i FROM (${rows}) r`
  return sql<{ json: string }>`SELECT ${json} AS json FROM (${parsed}) e ORDER BY ${ORDER}`
}
