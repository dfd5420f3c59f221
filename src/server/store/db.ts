/**
 * The database: SQLite (better-sqlite3, WAL) by default, PostgreSQL when the URL is `postgres://…`. The
 * tables' types are in schema.ts (re-exported here, where the store's users already import them from).
 */
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Database } from './schema'
import { CONNECTION_USES, rowCountsInline, withPreparedStatements } from './pg-prepared'
import { sqliteReader } from './sqlite-reader'
import { readArraysThrough } from './array-rows'
import type { DatabaseConfig } from '../config'

export type * from './schema'

export type Dialect = 'sqlite' | 'postgres'
export interface Store {
  db: Kysely<Database>
  /**
   * For SELECTs outside transactions of the busiest lists: on SQLite a worker thread's read-only connection
   * (sqlite-reader.ts), which sees every committed write; otherwise `db` itself.
   */
  reads: Kysely<Database>
  dialect: Dialect
  /** The raw SQLite handle for prepared bulk statements; null on PostgreSQL. */
  sqlite: SQLite.Database | null
  close(): Promise<void>
}

// int8 (bigint) as a JS number: unix times and counts fit.
pg.types.setTypeParser(20, (v) => Number(v))

/**
 * Pages each SQLite connection keeps, negative for KiB (SQLite's own default is 2 MiB): a timeline page of 1,000
 * events looks its rows up across the table, and with the default each lookup read its pages from the file again.
 * A customer's 10,001 events counted in 19–21 ms with 2 MiB, in about 10 with 64 MiB (issue 20, bench/timeline,
 * before migration 0042). 32 MiB bounds the memory; the reader (sqlite-reader.ts) keeps as many.
 */
const SQLITE_CACHE_SIZE = -32 * 1024

export function openStore(database: DatabaseConfig): Store {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10, maxUses: CONNECTION_USES })
    // An idle connection the server ends (a restart, a dropped database) must not crash the process: the next
    // query opens a new one. A connection removed from the pool (closing) may still hear its end: ignored too.
    pool.on('error', () => {})
    pool.on('remove', (client) => client.on('error', () => {}))
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
      plugins: [rowCountsInline],
    })
    return { db, reads: db, dialect: 'postgres', sqlite: null, close: () => db.destroy() }
  }
  const { file } = database
  if (file !== ':memory:') createPrivately(file)
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma(`cache_size = ${SQLITE_CACHE_SIZE}`)
  const checkpointer = file === ':memory:' ? null : startCheckpointer(sqlite, file)
  const statements = withStatementCache(sqlite)
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) })
  readArraysThrough(db, (sql) => statements.prepare(sql, true))
  // A database in memory is this connection's alone: no other connection can read it.
  const reader = file === ':memory:' ? null : sqliteReader(db, sqlite, file)
  return {
    db,
    reads: reader?.reads ?? db,
    dialect: 'sqlite',
    sqlite,
    async close() {
      await checkpointer?.terminate()
      await reader?.close()
      await db.destroy()
    },
  }
}

/** Prepared statements kept, by SQL text: the queries' shapes repeat, their parameters vary. */
const STATEMENTS_KEPT = 500

/**
 * Kysely prepares every query anew; under load (bench/load) preparing cost as much as running. Statements are
 * kept by their text instead. Reuse is safe: Kysely runs one query at a time on the connection and runs each
 * statement to its end (the store streams no query); SQLite re-prepares a kept statement after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const kept = new LRUCache<string, SQLite.Statement>({ max: STATEMENTS_KEPT })
  return {
    /** `raw`: a statement of its own that answers arrays (store/array-rows.ts); Kysely's answer objects. */
    prepare(sql: string, raw = false) {
      const key = raw ? `raw:${sql}` : sql
      let statement = kept.get(key)
      if (!statement) kept.set(key, (statement = raw ? sqlite.prepare(sql).raw(true) : sqlite.prepare(sql)))
      return statement
    },
    close: () => sqlite.close(),
  }
}

/**
 * The database holds every tenant's data: only the server's user may read it (mode 0600). SQLite gives the
 * -wal and -shm files the database file's mode; files of older releases are narrowed too.
 */
function createPrivately(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  fs.closeSync(fs.openSync(file, 'a', 0o600))
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600)
}

/**
 * WAL checkpoints copy pages and sync the disk: on the server's thread they stalled the event loop for
 * more than the writes themselves (bench/engine). A worker thread with its own connection checkpoints
 * once a second instead (PASSIVE: it never blocks a writer). Should the worker die, SQLite's automatic
 * checkpoints come back.
 */
function startCheckpointer(sqlite: SQLite.Database, file: string): Worker | null {
  const code = `
    const { workerData } = require('node:worker_threads')
    const Database = require(workerData.module)
    const db = new Database(workerData.file)
    db.pragma('busy_timeout = 1000')
    setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)') } catch {} }, 1000)`
  try {
    const worker = new Worker(code, {
      eval: true,
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), file: path.resolve(file) },
    })
    worker.unref()
    const fallBack = () => {
      try {
        if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000')
      } catch {
        /* closing */
      }
    }
    worker.on('error', fallBack)
    worker.on('exit', fallBack)
    sqlite.pragma('wal_autocheckpoint = 0')
    return worker
  } catch {
    return null
  }
}

/**
 * Refreshes the planner's statistics where they are stale. Without them SQLite picks the environment
 * index for every list and sorts all rows in scope (bench/api-lists: seconds instead of milliseconds).
 * PostgreSQL's autovacuum does the same on its own.
 */
export function optimize(store: Store) {
  store.sqlite?.pragma('optimize=0x10002')
}
