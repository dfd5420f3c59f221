/**
 * A benchmark's PostgreSQL database kept between runs, as its SQLite file is kept in bench/.data: named after the
 * benchmark and a key of what it holds (the migrations, the data's version and size), loaded once and measured as a
 * server finds its database, not minutes after a bulk load. What the benchmark must know of the data (passwords)
 * is the database's comment, written when the load has finished: a database without one is an interrupted load and
 * is made again. Databases of the same benchmark under another key are dropped.
 */
import pg from 'pg'

export async function keptPostgres<Meta>(
  bench: string,
  key: string,
  rebuild: boolean,
  load: (url: string) => Promise<Meta>,
): Promise<{ url: string; meta: Meta }> {
  const base = process.env.PG_URL!
  const name = `vigil_bench_${bench}_${key}`
  const url = new URL(base)
  url.pathname = `/${name}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    const { rows: stale } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
      [`vigil\\_bench\\_${bench}\\_%`, name],
    )
    for (const { datname } of stale) await admin.query(`DROP DATABASE ${datname} WITH (FORCE)`)
    const kept = (
      await admin.query<{ meta: string | null }>(
        `SELECT shobj_description(oid, 'pg_database') AS meta FROM pg_database WHERE datname = $1`,
        [name],
      )
    ).rows[0]
    if (kept?.meta && !rebuild) return { url: url.toString(), meta: JSON.parse(kept.meta) as Meta }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${name}`)
    const meta = await load(url.toString())
    await admin.query(`COMMENT ON DATABASE ${name} IS ${admin.escapeLiteral(JSON.stringify(meta))}`)
    return { url: url.toString(), meta }
  } finally {
    await admin.end()
  }
}
