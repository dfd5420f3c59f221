/**
 * Issue 16 hardware keys and push approval. A key itself is a `second_factors` row of method `webauthn`
 * (credential sealed in `secret`, signature counter in `counter`). Here: the challenges a key signs, each used
 * once (a ceremony's options and its answer may reach different processes), and the push approvals a login
 * waits for while a signed-in session of the same user approves or denies them.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('webauthn_challenges'))
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull().unique())
    // null: a passwordless login, whose user the key names
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(12)', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute()
  await withId(db, db.schema.createTable('push_approvals'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('login_tickets.id').onDelete('cascade'))
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    // pending, approved, denied, or used (an approval starts one session)
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('push_approvals_user').on('push_approvals').column('user_id').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('push_approvals').execute()
  await db.schema.dropTable('webauthn_challenges').execute()
}
