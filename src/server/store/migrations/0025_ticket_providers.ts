/**
 * Issue 15 "Ticket providers": an organization's ticket provider (the built-in service desk, or Request Tracker
 * over its REST API, with the token sealed), and the tickets Vigil opened in an external system: what each is
 * about, the ticket it recreates and the opening comment, which the external system does not keep for Vigil.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('ticket_providers')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(30)', (c) => c.notNull().defaultTo('builtin'))
    .addColumn('deployment', 'varchar(20)', (c) => c.notNull().defaultTo('production'))
    .addColumn('base_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('queue', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timeout_s', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo('{}'))
    // 1 when a server admin saved base_url: it may reach what the organization's target policy denies.
    .addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
  await withId(db, db.schema.createTable('external_tickets'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('ticket_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('provider', 'varchar(30)', (c) => c.notNull())
    .addColumn('external_id', 'bigint', (c) => c.notNull())
    .addColumn('host_id', 'integer', (c) => c.notNull())
    .addColumn('resource_id', 'integer')
    .addColumn('risk_id', 'integer')
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull())
    .addColumn('urgency_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('linked_ticket_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('external_tickets_organization_ticket', ['organization_id', 'ticket_id'])
    .execute()
  await db.schema.createIndex('external_tickets_linked').on('external_tickets').columns(['organization_id', 'linked_ticket_id']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('external_tickets').execute()
  await db.schema.dropTable('ticket_providers').execute()
}
