/**
 * Bulk loading of a benchmark's rows into a PostgreSQL database whose schema the real server's migrations made.
 * Everything goes in one transaction on one connection: the secondary indexes of the loaded tables are dropped,
 * rows go in as `INSERT … SELECT FROM unnest($1::type[], …)` (one array per column: a few parameters for
 * thousands of rows), the indexes are recreated from their own definitions (pg_indexes), then the transaction
 * commits and VACUUM (ANALYZE) runs, as autovacuum would soon on its own: a benchmark started right after the
 * load should neither measure plans made without statistics nor compete with autovacuum's first pass over
 * millions of new rows, whose visibility map the index-only counts need (as on a server that has run a while).
 * A CHECKPOINT then writes what they dirtied.
 */
import pg from 'pg'

const BATCH = 5000

export interface PgLoad {
  /** Adds one row (values in the order of `columns` given to `table`). */
  add(table: string, values: unknown[]): Promise<void>
  /** Runs SQL inside the load's transaction. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>
}

/**
 * Opens a connection to `url`, drops the secondary indexes of `tables` (table → its columns, in the order rows
 * may refer to each other), runs `fill` (which adds rows), then recreates the indexes, commits and vacuums. Sequences follow explicit ids.
 */
export async function pgLoad(
  url: string,
  tables: Record<string, string[]>,
  fill: (load: PgLoad) => Promise<void>,
  /** SQL run after the load, before the commit: what the tables' triggers would have kept (they are off meanwhile). */
  after: string[] = [],
): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query(`SET LOCAL synchronous_commit = off`)
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`)
    const names = Object.keys(tables)
    // Indexes that back a constraint (primary keys, unique constraints) stay: they cannot be dropped alone.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)
       AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      [names],
    )
    for (const ix of indexes) await client.query(`DROP INDEX "${ix.indexname}"`)
    // Row triggers (e.g. the resource counts of migration 0006) updating one row per inserted row, a million times in
    // one transaction, slowed the load to minutes per hundred thousand rows; `after` does their work once.
    for (const table of names) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`)

    const statements = new Map<string, { sql: string; columns: string[]; buffer: unknown[][] }>()
    for (const [table, columns] of Object.entries(tables)) {
      const { rows } = await client.query<{ column_name: string; udt_name: string }>(
        `SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [table],
      )
      const type = new Map(rows.map((r) => [r.column_name, r.udt_name]))
      const casts = columns.map((c, i) => {
        if (!type.has(c)) throw new Error(`no column ${table}.${c}`)
        return `$${i + 1}::${type.get(c)}[]`
      })
      statements.set(table, {
        sql: `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`,
        columns,
        buffer: columns.map(() => []),
      })
    }
    const flush = async (table: string) => {
      const s = statements.get(table)!
      if (!s.buffer[0].length) return
      await client.query(s.sql, s.buffer)
      s.buffer = s.columns.map(() => [])
    }
    await fill({
      async add(table, values) {
        const s = statements.get(table)!
        values.forEach((v, i) => s.buffer[i].push(v))
        // Every table in declaration order: rows of a table may refer to rows of the tables before it.
        if (s.buffer[0].length >= BATCH) for (const t of names) await flush(t)
      },
      async query(sql, params) {
        return (await client.query(sql, params)).rows
      },
    })
    for (const table of names) await flush(table)
    for (const table of names) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`)
    for (const q of after) await client.query(q)
    for (const ix of indexes) await client.query(ix.indexdef)
    for (const table of names)
      await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST(1, (SELECT max(id) FROM ${table})))`, [table])
    await client.query('COMMIT')
    await client.query(`VACUUM (ANALYZE) ${names.join(', ')}`)
    // The load and the vacuum leave gigabytes of dirty pages, which a spread checkpoint writes out over the next
    // minutes, under the measurement (a timeline page's p95 91 ms right after a 10M load): written now instead.
    // Needs the pg_checkpoint role (PostgreSQL 15); without it the bench goes on and says so.
    await client
      .query('CHECKPOINT')
      .catch((err: Error) => console.log(`no CHECKPOINT after the load (${err.message}): grant pg_checkpoint`))
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {})
    throw err
  } finally {
    await client.end()
  }
}
