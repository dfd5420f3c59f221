/**
 * Reads of the busiest lists on worker threads (issue 20, SQLite). better-sqlite3 runs a query on the thread that
 * calls it, and under bench/load SQLite's own work was about a third of the server's thread, which was busy 94 % of
 * the time: every request waited behind the others' queries. Workers with their own read-only connections run the
 * list and timeline reads in parallel with the server's thread (WAL lets a reader see every committed write).
 *
 * Only SELECTs go there (a read-only connection refuses anything else), and no transaction: a read that must see a
 * transaction's own writes uses the main handle. Caches keyed by the database (cache.ts) are shared: this handle
 * has the main one's adapter. Should a worker fail, its reads run on the main connection again.
 */
import path from 'node:path'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type SQLite from 'better-sqlite3'
import {
  Kysely,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely'
import type { Database } from './schema'

/** Statements the worker keeps prepared, by text, as the main connection does (db.ts). */
const WORKER_CODE = `
  const { parentPort, workerData } = require('node:worker_threads')
  const Database = require(workerData.module)
  const db = new Database(workerData.file, { readonly: true, fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  db.pragma('cache_size = ' + workerData.cacheSize)
  const kept = new Map()
  parentPort.on('message', ({ id, sql, parameters }) => {
    try {
      let entry = kept.get(sql)
      if (!entry) {
        if (kept.size >= 500) kept.delete(kept.keys().next().value)
        const statement = db.prepare(sql)
        const columns = statement.reader ? statement.columns().map((c) => c.name) : null
        if (columns) statement.raw(true)
        kept.set(sql, (entry = { statement, columns }))
      }
      parentPort.postMessage({ id, columns: entry.columns, rows: entry.statement.all(parameters) })
    } catch (err) {
      parentPort.postMessage({ id, error: { message: String(err && err.message), code: err && err.code } })
    }
  })`

interface Pending {
  query: CompiledQuery
  resolve(result: QueryResult<unknown>): void
  reject(err: Error): void
}

/** Rows come as arrays of values with their column names once: half the worker's time of objects (issue 20). */
type Answer = { id: number; columns: string[]; rows: unknown[][] } | { id: number; error: { message: string; code?: string } }

type MakeRow = (values: unknown[], buffer: (bytes: Uint8Array) => Buffer) => Record<string, unknown>

/** Row builders by their columns: as many as the kept statements' shapes. */
const rowMakers = new Map<string, MakeRow>()
const ROW_MAKERS_KEPT = 1000

/**
 * A function that builds one row's object as a literal of `columns`: V8 makes it in one go with its final shape.
 * Adding the columns one by one to an empty object cost 3–4 ms per 1,000 events (4 % of the server's thread under
 * bench/load), the literal 0.4 ms. Each name is a computed key quoted by JSON.stringify: any alias, even `__proto__`, is
 * a plain own key.
 */
function rowMaker(columns: string[]): MakeRow {
  const key = columns.join('\0')
  let make = rowMakers.get(key)
  if (!make) {
    if (rowMakers.size >= ROW_MAKERS_KEPT) rowMakers.clear()
    const fields = columns.map((name, i) => `[${JSON.stringify(name)}]: v[${i}] instanceof Uint8Array ? buffer(v[${i}]) : v[${i}]`)
    make = new Function('v', 'buffer', `return { ${fields.join(', ')} }`) as MakeRow
    rowMakers.set(key, make)
  }
  return make
}

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * The rows as objects, as better-sqlite3 builds them: a later column of the same name wins (as in a literal), and a
 * BLOB is a Buffer again (a message carries it as a plain Uint8Array).
 */
function objectsOf(columns: string[], rows: unknown[][]): Record<string, unknown>[] {
  const make = rowMaker(columns)
  return rows.map((values) => make(values, bufferOf))
}

/**
 * Workers, each with its own connection: a timeline request's count and page run side by side (issue 20: the count
 * waited 4 ms for its turn before a 1,000-event page). As many as the cores it was measured on; SQLite's page cache
 * is per connection (db.ts SQLITE_CACHE_SIZE each).
 */
const WORKERS = 2

interface ReaderWorker {
  worker: Worker
  pending: Map<number, Pending>
}

/** A Kysely handle whose queries run on worker threads' read-only connections to `file`, and its close. */
export function sqliteReader(main: Kysely<Database>, sqlite: SQLite.Database, file: string) {
  let next = 0
  // The main connection, when no worker could start or all have died.
  const onMain = (query: CompiledQuery): QueryResult<unknown> => ({ rows: sqlite.prepare(query.sql).all(query.parameters) })
  const workerData = {
    module: createRequire(import.meta.url).resolve('better-sqlite3'),
    file: path.resolve(file),
    cacheSize: sqlite.pragma('cache_size', { simple: true }),
  }
  let workers: ReaderWorker[] = []
  const start = () => {
    const reader: ReaderWorker = { worker: new Worker(WORKER_CODE, { eval: true, workerData }), pending: new Map() }
    reader.worker.unref()
    reader.worker.on('message', (answer: Answer) => {
      const p = reader.pending.get(answer.id)
      if (!p) return
      reader.pending.delete(answer.id)
      if ('rows' in answer) p.resolve({ rows: objectsOf(answer.columns, answer.rows) })
      else p.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }))
    })
    // A dead worker's reads run on the main connection; the others go on.
    const fallBack = () => {
      workers = workers.filter((w) => w !== reader)
      for (const [id, p] of reader.pending) {
        reader.pending.delete(id)
        try {
          p.resolve(onMain(p.query))
        } catch (err) {
          p.reject(err as Error)
        }
      }
    }
    reader.worker.on('error', fallBack)
    reader.worker.on('exit', fallBack)
    return reader
  }
  workers = Array.from({ length: WORKERS }, start)
  /** The worker with the fewest reads waiting. */
  const leastBusy = () => workers.reduce<ReaderWorker | null>((best, w) => (!best || w.pending.size < best.pending.size ? w : best), null)

  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const reader = leastBusy()
      if (!reader) return onMain(query) as QueryResult<R>
      const id = ++next
      const answer = new Promise<QueryResult<unknown>>((resolve, reject) => reader.pending.set(id, { query, resolve, reject }))
      reader.worker.postMessage({ id, sql: query.sql, parameters: query.parameters })
      return answer as Promise<QueryResult<R>>
    },
    streamQuery: () => {
      throw new Error('the reader streams no query')
    },
  }
  const noTransactions = () => Promise.reject(new Error('the reader runs no transaction'))
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    releaseConnection: async () => {},
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    destroy: async () => {},
  }
  const adapter = main.getExecutor().adapter
  const reads = new Kysely<Database>({
    dialect: {
      createAdapter: () => adapter,
      createDriver: () => driver,
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createIntrospector: (db) => new SqliteIntrospector(db),
    },
  })
  return {
    reads,
    /** Ends the workers: Kysely destroys a driver only once it has run a query, and a live worker kept the process. */
    async close() {
      const ending = workers
      workers = []
      await Promise.all(ending.map((w) => w.worker.terminate()))
    },
  }
}
