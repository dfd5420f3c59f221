/**
 * Issue 16 two-factor: second factors per user (TOTP today; WebAuthn keys later in the same table), single-use
 * backup codes (hashed), pending-login tickets between the password and the second factor, browsers remembered
 * for a month (SPEC §9), and the organization's "require two-factor" policy.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('organizations')
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await withId(db, db.schema.createTable('second_factors'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // sealed (security/secrets): the TOTP key, or a key's public credential
    .addColumn('secret', 'text', (c) => c.notNull())
    // replay guard: the last TOTP time step accepted (a WebAuthn signature counter fits here too)
    .addColumn('counter', 'bigint')
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('second_factors_user').on('second_factors').column('user_id').execute()
  await withId(db, db.schema.createTable('backup_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_time', 'bigint')
    .execute()
  await db.schema.createIndex('backup_codes_user').on('backup_codes').column('user_id').execute()
  await withId(db, db.schema.createTable('login_tickets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute()
  await withId(db, db.schema.createTable('remembered_devices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('remembered_devices').execute()
  await db.schema.dropTable('login_tickets').execute()
  await db.schema.dropTable('backup_codes').execute()
  await db.schema.dropTable('second_factors').execute()
  await db.schema.alterTable('organizations').dropColumn('require_two_factor').execute()
}
