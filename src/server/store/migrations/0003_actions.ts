/**
 * Operator actions of issue 4: acknowledgements, maintenance (downtimes), the built-in service desk's
 * tickets and notes, saved filters, and the SPEC §3 Timeline event fields is_flexible and duration.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('acknowledgements'))
    .addColumn('host_id', 'integer', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.references('resources.id').onDelete('cascade'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('persistent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_full_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    // null while the acknowledgement is in effect
    .addColumn('ended_time', 'bigint')
    .addColumn('end_reason', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('acknowledgements_host').on('acknowledgements').columns(['host_id', 'ended_time']).execute()
  await db.schema.createIndex('acknowledgements_resource').on('acknowledgements').columns(['resource_id', 'ended_time']).execute()

  await withId(db, db.schema.createTable('downtimes'))
    .addColumn('host_id', 'integer', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.references('resources.id').onDelete('cascade'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('is_flexible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'bigint', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('actual_start', 'bigint')
    .addColumn('actual_end', 'bigint')
    .addColumn('event_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_full_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
  // The engine's timer reads every downtime not yet over.
  await db.schema.createIndex('downtimes_status').on('downtimes').columns(['status', 'start_time']).execute()
  await db.schema.createIndex('downtimes_host').on('downtimes').columns(['host_id', 'status']).execute()
  await db.schema.createIndex('downtimes_resource').on('downtimes').columns(['resource_id', 'status']).execute()

  // The built-in service desk: a ticket system of its own that outlives the hosts it is about (no FK).
  await withId(db, db.schema.createTable('service_desk_tickets'))
    .addColumn('host_id', 'integer', (c) => c.notNull())
    .addColumn('resource_id', 'integer')
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull())
    .addColumn('workflow_state_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('support_group_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('assignee_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('priority_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('urgency_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('linked_ticket_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('username', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .addColumn('closed_time', 'bigint')
    .execute()
  await db.schema.createIndex('service_desk_tickets_linked').on('service_desk_tickets').column('linked_ticket_id').execute()

  await withId(db, db.schema.createTable('service_desk_notes'))
    .addColumn('ticket_ref', 'integer', (c) => c.notNull().references('service_desk_tickets.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('username', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_full_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('service_desk_notes_ticket').on('service_desk_notes').columns(['ticket_ref', 'id']).execute()

  await withId(db, db.schema.createTable('saved_filters'))
    .addColumn('guid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('location', 'varchar(20)', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    // 'user:<id>' for a personal filter, 'organization:<id>' for an organization-wide one: the unique key.
    .addColumn('owner_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('saved_filters_owner_name', ['owner_key', 'location', 'name'])
    .execute()
  await db.schema.createIndex('saved_filters_organization').on('saved_filters').columns(['organization_id', 'location']).execute()

  await db.schema
    .alterTable('events')
    .addColumn('is_flexible', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('events').addColumn('duration', 'bigint').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('events').dropColumn('duration').execute()
  await db.schema.alterTable('events').dropColumn('is_flexible').execute()
  for (const t of ['saved_filters', 'service_desk_notes', 'service_desk_tickets', 'downtimes', 'acknowledgements'])
    await db.schema.dropTable(t).execute()
}
