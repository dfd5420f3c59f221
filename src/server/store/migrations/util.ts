/** Helpers for migrations; frozen with them, so they import nothing of the app. */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely'

export function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An auto-increment integer primary key on either database. */
export function withId<T extends string>(db: Kysely<any>, t: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}
