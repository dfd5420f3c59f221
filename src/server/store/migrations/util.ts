/** Helpers for migrations; frozen with them, so they import nothing of the app. */
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely'

export function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An auto-increment integer primary key on either database. */
export function withId<T extends string>(db: Kysely<any>, t: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

/**
 * PostgreSQL only: index `name` on `table` made again with its `key`, and with `include` carried in its leaves
 * (INCLUDE, which Kysely's index builder lacks) when given: the key, and so the order it serves, stays.
 */
export async function remakePostgresIndex(db: Kysely<any>, name: string, table: string, key: string[], include: string[] = []) {
  if (!isPostgres(db)) return
  await db.schema.dropIndex(name).execute()
  const columns = (list: string[]) => sql.join(list.map((c) => sql.id(c)))
  await sql`CREATE INDEX ${sql.id(name)} ON ${sql.id(table)} (${columns(key)})${include.length ? sql` INCLUDE (${columns(include)})` : sql``}`.execute(
    db,
  )
}
