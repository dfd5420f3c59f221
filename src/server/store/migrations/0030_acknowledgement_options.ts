/**
 * Issue 17 "Acknowledge options as operators know them": besides the sticky flag (`persistent`, SPEC §3),
 * whether contacts are notified, an expiry time (the acknowledgement ends then, whatever the state) and a
 * persistent comment (the comment stays shown after the acknowledgement ended).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('acknowledgements')
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('acknowledgements').addColumn('expire_time', 'bigint').execute()
  await db.schema
    .alterTable('acknowledgements')
    .addColumn('persistent_comment', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('acknowledgements_expire').on('acknowledgements').columns(['ended_time', 'expire_time']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('acknowledgements_expire').execute()
  for (const column of ['persistent_comment', 'expire_time', 'notify'])
    await db.schema.alterTable('acknowledgements').dropColumn(column).execute()
}
