/**
 * Delayed notifications (SPEC §9, 10 minutes) waited in memory only: a restart during the wait left them DELAYED
 * for good and nothing was sent. The notifier now also sweeps the DELAYED ones that are past due; this index
 * holds only those (a handful), so the sweep never reads the event table's millions of rows.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema.createIndex('events_delayed').on('events').column('id').where(sql.ref('status'), '=', 'DELAYED').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('events_delayed').execute()
}
