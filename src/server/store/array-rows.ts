/**
 * Rows as arrays of their values in the query's select order, for reads of thousands of rows whose objects
 * the caller rebuilds anyway (a 10,000-host map's states, issue 19 first paint). On SQLite better-sqlite3's raw
 * mode builds no object per row: 13 columns of 10,000 hosts read in 46 instead of 86 ms. Elsewhere the rows
 * are read as usual and turned into arrays.
 */
import type { Compilable, Kysely } from 'kysely'
import type SQLite from 'better-sqlite3'
import type { Database } from './db'

/** A kept statement of `sql` in raw mode (store/db.ts's statement cache). */
type PrepareRaw = (sql: string) => SQLite.Statement

/** By the database's adapter, which its transactions share (as store/cache.ts). */
const rawReaders = new WeakMap<object, PrepareRaw>()

/** Lets `arrayRows` on `db` read through SQLite's raw mode (store/db.ts, SQLite only). */
export function readArraysThrough(db: Kysely<Database>, prepareRaw: PrepareRaw) {
  rawReaders.set(db.getExecutor().adapter, prepareRaw)
}

/** The rows of `query` on `db`, each an array of the selected columns' values in select order. */
export async function arrayRows<Row extends readonly unknown[]>(db: Kysely<Database>, query: Compilable): Promise<Row[]> {
  const compiled = query.compile()
  const prepareRaw = rawReaders.get(db.getExecutor().adapter)
  if (prepareRaw) return prepareRaw(compiled.sql).all(compiled.parameters) as Row[]
  return (await db.executeQuery<Record<string, unknown>>(compiled)).rows.map((r) => Object.values(r) as unknown as Row)
}
