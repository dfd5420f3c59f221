/**
 * Issue 16: password reset links (only the SHA-256 of each link's token is kept; single use, short-lived) and
 * the cloud directory identities linked to users (one OpenID Connect issuer + subject per row).
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'created']).execute()
  await db.schema
    .createTable('user_identities')
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('linked', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('user_identities').execute()
  await db.schema.dropTable('password_resets').execute()
}
