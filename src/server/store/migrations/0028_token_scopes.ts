/**
 * Issue 16 "Tokens": API, wall and (later) probe tokens share the session tokens' table. A wall token names the
 * environment it was issued in and the maps and slideshows it may read (`scope`, JSON); a revoked token is kept
 * until it expires (who revoked it is in the audit log) and refused at once; `last_used_from` is the address
 * of the last use, recorded with `last_used` at most once a minute.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('tokens')
    .addColumn('hostgroup_id', 'integer', (c) => c.references('hostgroups.id').onDelete('cascade'))
    .execute()
  await db.schema.alterTable('tokens').addColumn('scope', 'text').execute()
  await db.schema.alterTable('tokens').addColumn('revoked', 'bigint').execute()
  await db.schema.alterTable('tokens').addColumn('last_used_from', 'varchar(64)').execute()
  await db.schema.createIndex('tokens_user_kind').on('tokens').columns(['user_id', 'kind']).execute()
  await db.schema.createIndex('tokens_hostgroup').on('tokens').column('hostgroup_id').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('tokens_hostgroup').execute()
  await db.schema.dropIndex('tokens_user_kind').execute()
  for (const column of ['last_used_from', 'revoked', 'scope', 'hostgroup_id'])
    await db.schema.alterTable('tokens').dropColumn(column).execute()
}
