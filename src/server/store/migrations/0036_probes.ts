/**
 * Issue 20 probes: the engine in a customer's network. A probe holds the SHA-256 of its token (shown once),
 * its last contact and what it reported then (version, lag, load); `down` is set once when it stopped
 * reporting, so only one process raises the problem. `probe_environments` assigns environments; two probes
 * of one environment form its group and share its hosts.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('probes'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('revoked', 'bigint')
    .addColumn('last_contact', 'bigint')
    .addColumn('last_from', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lag_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('load', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('down', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createTable('probe_environments')
    .addColumn('probe_id', 'integer', (c) => c.notNull().references('probes.id').onDelete('cascade'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull().references('hostgroups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('probe_environments_pk', ['probe_id', 'hostgroup_id'])
    .execute()
  await db.schema.createIndex('probe_environments_hostgroup').on('probe_environments').column('hostgroup_id').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('probe_environments').execute()
  await db.schema.dropTable('probes').execute()
}
