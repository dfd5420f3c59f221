/**
 * Issue 13 "Login" (review M6): failed logins are counted per (user, source address) with growing delays, so
 * nobody locks a user out from elsewhere; the account-wide counter and lock on `users` go.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('login_failures')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addPrimaryKeyConstraint('login_failures_pk', ['user_id', 'source'])
    .execute()
  await db.schema.createIndex('login_failures_last_failure').on('login_failures').column('last_failure').execute()
  await db.schema.alterTable('users').dropColumn('failed_logins').execute()
  await db.schema.alterTable('users').dropColumn('locked_until').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema
    .alterTable('users')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('users').addColumn('locked_until', 'bigint').execute()
  await db.schema.dropTable('login_failures').execute()
}
