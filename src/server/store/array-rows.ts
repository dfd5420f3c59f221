/**
 * Rows as arrays of their values in the query's select order, for reads of thousands of rows whose objects
 * the caller rebuilds anyway (a 10,000-host map's states, issue 19 first paint). On SQLite better-sqlite3's raw
 * mode builds no object per row: 13 columns of 10,000 hosts read in 46 instead of 86 ms. Elsewhere the rows
 * are read as usual and turned into arrays.
 */
import type { Compilable, Kysely } from 'kysely'
import type SQLite from 'better-sqlite3'
import { LRUCache } from 'lru-cache'
import type { Database } from './db'

interface RawHandle {
  statements: LRUCache<string, SQLite.Statement>
  sqlite: SQLite.Database
}

/** By the database's adapter, which its transactions share (as store/cache.ts). */
const handles = new WeakMap<object, RawHandle>()

/** Lets `arrayRows` on `db` read through `sqlite`'s raw mode (store/db.ts, SQLite only). */
export function readArraysThrough(db: Kysely<Database>, sqlite: SQLite.Database) {
  handles.set(db.getExecutor().adapter, { sqlite, statements: new LRUCache({ max: 50 }) })
}

/** The rows of `query` on `db`, each an array of the selected columns' values in select order. */
export async function arrayRows<Row extends readonly unknown[]>(db: Kysely<Database>, query: Compilable): Promise<Row[]> {
  const { sql, parameters } = query.compile()
  const handle = handles.get(db.getExecutor().adapter)
  if (!handle) return (await db.executeQuery<Record<string, unknown>>(query.compile())).rows.map((r) => Object.values(r) as unknown as Row)
  let statement = handle.statements.get(sql)
  if (!statement) handle.statements.set(sql, (statement = handle.sqlite.prepare(sql).raw(true)))
  return statement.all(parameters) as Row[]
}
