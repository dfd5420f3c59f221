/**
 * Issue 18: the map lock belongs to one editing session (a browser tab), not to the user, so a second tab of
 * the same user sees the lock and can take it over; `lock_since` says since when the session holds it.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema.alterTable('maps').addColumn('lock_session', 'varchar(64)').execute()
  await db.schema.alterTable('maps').addColumn('lock_since', 'bigint').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('maps').dropColumn('lock_since').execute()
  await db.schema.alterTable('maps').dropColumn('lock_session').execute()
}
