/**
 * What the list protocol needs to stay under 50 ms over 100,000 hosts and 1,000,000 resources
 * (bench/api-lists): the host name copied into resources (sorting by host then resource needs no join),
 * and indexes for the sorts and filters the screens use.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('resources')
    .addColumn('host_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`UPDATE resources SET host_name = (SELECT name FROM hosts WHERE hosts.id = resources.host_id)`.execute(db)
  await db.schema.createIndex('resources_host_name').on('resources').columns(['host_name', 'display_name']).execute()
  await db.schema
    .createIndex('resources_hostgroup_host_name')
    .on('resources')
    .columns(['hostgroup_id', 'host_name', 'display_name'])
    .execute()
  await db.schema.createIndex('resources_display_name').on('resources').column('display_name').execute()
  await db.schema.createIndex('resources_host').on('resources').column('host_id').execute()
  await db.schema.createIndex('resources_last_state_change').on('resources').column('last_state_change').execute()
  await db.schema
    .createIndex('resources_hostgroup_last_state_change')
    .on('resources')
    .columns(['hostgroup_id', 'last_state_change'])
    .execute()
  await db.schema.createIndex('hosts_last_state_change').on('hosts').column('last_state_change').execute()
  await db.schema.createIndex('hosts_hostgroup_last_state_change').on('hosts').columns(['hostgroup_id', 'last_state_change']).execute()
}

export async function down(db: Kysely<any>) {
  for (const i of [
    'resources_host_name',
    'resources_hostgroup_host_name',
    'resources_display_name',
    'resources_host',
    'resources_last_state_change',
    'resources_hostgroup_last_state_change',
    'hosts_last_state_change',
    'hosts_hostgroup_last_state_change',
  ])
    await db.schema.dropIndex(i).execute()
  await db.schema.alterTable('resources').dropColumn('host_name').execute()
}
