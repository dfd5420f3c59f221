/**
 * Multi-row writes for the hot paths (engine results, imports): one statement per chunk of rows instead
 * of one per row (STACK.md: row-by-row is ~13× slower). The same SQL runs on SQLite and PostgreSQL:
 * `WITH v(…) AS (VALUES …) UPDATE t SET … FROM v`, with casts on the first row so that PostgreSQL
 * types the VALUES columns.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type SQLite from 'better-sqlite3'
import type { Database, Store } from './db'

type SqlType = 'BIGINT' | 'TEXT' | 'DOUBLE PRECISION'
export interface BulkColumn {
  name: string
  type: SqlType
}

// Both databases take 32k+ parameters in one statement; stay well below.
const MAX_PARAMS = 16000

function valuesOf(columns: BulkColumn[], rows: unknown[][]): RawBuilder<unknown> {
  return sql.join(
    rows.map((row, i) => sql`(${sql.join(row.map((v, j) => (i === 0 ? sql`CAST(${v} AS ${sql.raw(columns[j].type)})` : sql`${v}`)))})`),
  )
}

function chunks<T>(rows: T[], width: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / width))
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/** Updates `table` rows by `id` (the first column) with the other columns of each row. */
export async function bulkUpdate(db: Kysely<Database>, table: string, columns: BulkColumn[], rows: unknown[][]) {
  if (!rows.length) return
  const names = columns.map((c) => sql.ref(c.name))
  const sets = sql.join(columns.slice(1).map((c) => sql`${sql.ref(c.name)} = v.${sql.ref(c.name)}`))
  for (const part of chunks(rows, columns.length)) {
    await sql`WITH v (${sql.join(names)}) AS (VALUES ${valuesOf(columns, part)})
      UPDATE ${sql.table(table)} SET ${sets} FROM v WHERE ${sql.table(table)}.id = v.id`.execute(db)
  }
}

/** Inserts rows; on a conflict of `key` columns the other columns are overwritten. */
async function bulkUpsert(db: Kysely<Database>, table: string, columns: BulkColumn[], key: string[], rows: unknown[][]) {
  if (!rows.length) return
  const others = columns.filter((c) => !key.includes(c.name))
  for (const part of chunks(rows, columns.length)) {
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c.name)))}) VALUES ${valuesOf(columns, part)}
      ON CONFLICT (${sql.join(key.map((k) => sql.ref(k)))}) DO UPDATE SET ${sql.join(others.map((c) => sql`${sql.ref(c.name)} = excluded.${sql.ref(c.name)}`))}`.execute(
      db,
    )
  }
}

/** pg returns a BIGINT as a string */
type NewId = { id: number | string }

/** Inserts rows and returns their new ids, in row order (PostgreSQL returns a VALUES list's rows in it). */
async function bulkInsert(db: Kysely<Database>, table: string, columns: BulkColumn[], rows: unknown[][]): Promise<number[]> {
  const ids: number[] = []
  const names = sql.join(columns.map((c) => sql.ref(c.name)))
  for (const part of chunks(rows, columns.length)) {
    const made = await sql<NewId>`INSERT INTO ${sql.table(table)} (${names}) VALUES ${valuesOf(columns, part)} RETURNING id`.execute(db)
    for (const r of made.rows) ids.push(Number(r.id))
  }
  return ids
}

/**
 * The SQL type of each field of a row record, in column order (an update's `id` first). Typed against the
 * record, so a field without a column or a column without a field does not compile.
 */
export type RecordColumns<R> = { readonly [K in keyof R & string]: SqlType }

const columnsOf = <R>(types: RecordColumns<R>): BulkColumn[] => Object.entries<SqlType>(types).map(([name, type]) => ({ name, type }))
const valuesIn = <R>(columns: BulkColumn[], rows: R[]): unknown[][] => rows.map((r) => columns.map((c) => r[c.name as keyof R]))

/**
 * The writer of the engine's hot path, over named row records. On SQLite a cached prepared statement per row
 * beats one big statement (no SQL to build, no VALUES table to join: ~3× less CPU per result, measured in
 * bench/engine); it binds each record's values in column order (binding by name costs ~1.5× the CPU per row)
 * and runs on Kysely's one connection inside the caller's transaction. On PostgreSQL, where every statement is
 * a round trip, the multi-row statements above.
 */
export function bulkWriter(store: Store) {
  const sqlite = store.sqlite
  if (!sqlite)
    return {
      async update<R>(db: Kysely<Database>, table: string, types: RecordColumns<R>, rows: R[]) {
        const columns = columnsOf(types)
        await bulkUpdate(db, table, columns, valuesIn(columns, rows))
      },
      async upsert<R>(db: Kysely<Database>, table: string, types: RecordColumns<R>, key: (keyof R & string)[], rows: R[]) {
        const columns = columnsOf(types)
        await bulkUpsert(db, table, columns, key, valuesIn(columns, rows))
      },
      async insert<R>(db: Kysely<Database>, table: string, types: RecordColumns<R>, rows: R[]) {
        if (!rows.length) return []
        const columns = columnsOf(types)
        return bulkInsert(db, table, columns, valuesIn(columns, rows))
      },
      /**
       * In a transaction of check results: its commit answers before the WAL is flushed to disk, as every SQLite
       * commit does in WAL mode with synchronous = NORMAL (db.ts). A crash of Vigil loses nothing; one of the
       * database's machine may lose its last fraction of a second of results, which the next checks write again,
       * never a half transaction. Under bench/load the flush was much of the results' wait (issue 20).
       * Users' own writes (acknowledgements, configuration) keep waiting for theirs.
       */
      async commitWithoutFlush(tx: Kysely<Database>) {
        await sql`SET LOCAL synchronous_commit = off`.execute(tx)
      },
    }
  const statements = new Map<string, SQLite.Statement>()
  const insertText = (table: string, names: string[]) =>
    `INSERT INTO "${table}" (${names.map((c) => `"${c}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`
  const prepared = (text: string) => {
    let s = statements.get(text)
    if (!s) statements.set(text, (s = sqlite.prepare(text)))
    return s
  }
  return {
    async update<R>(_db: Kysely<Database>, table: string, types: RecordColumns<R>, rows: R[]) {
      if (!rows.length) return
      const [id, ...others] = Object.keys(types) as (keyof R & string)[]
      const s = prepared(`UPDATE "${table}" SET ${others.map((c) => `"${c}" = ?`).join(', ')} WHERE "${id}" = ?`)
      const order = [...others, id]
      for (const row of rows) s.run(order.map((c) => row[c]))
    },
    async upsert<R>(_db: Kysely<Database>, table: string, types: RecordColumns<R>, key: (keyof R & string)[], rows: R[]) {
      if (!rows.length) return
      const names = Object.keys(types) as (keyof R & string)[]
      const others = names.filter((c) => !key.includes(c))
      const s = prepared(`${insertText(table, names)}
        ON CONFLICT (${key.map((k) => `"${k}"`).join(', ')}) DO UPDATE SET ${others.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`)
      for (const row of rows) s.run(names.map((c) => row[c]))
    },
    async insert<R>(_db: Kysely<Database>, table: string, types: RecordColumns<R>, rows: R[]) {
      if (!rows.length) return []
      const names = Object.keys(types) as (keyof R & string)[]
      const s = prepared(insertText(table, names))
      return rows.map((row) => Number(s.run(names.map((c) => row[c])).lastInsertRowid))
    },
    // SQLite's WAL with synchronous = NORMAL already commits without a flush.
    async commitWithoutFlush() {},
  }
}
