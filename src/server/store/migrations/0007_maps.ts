/**
 * Maps of issue 6 and 7 (SPEC §3 Map, Slideshow; SPEC §4 Maps): maps with their draft (JSON and Yjs state)
 * and lock, published versions, uploaded pictures (backgrounds and image items), slideshows, and the map a
 * timeline event is about.
 */
import type { Kysely } from 'kysely'
import { isPostgres, withId } from './util'

export async function up(db: Kysely<any>) {
  const bytes = isPostgres(db) ? 'bytea' : 'blob'
  await withId(db, db.schema.createTable('maps'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull().references('hostgroups.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('alias', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('layout', 'integer', (c) => c.notNull())
    .addColumn('use_hard_state', 'integer', (c) => c.notNull().defaultTo(0))
    // draft, live or archived (SPEC §4 Maps); live_version is the version viewers draw
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('live_version', 'integer')
    .addColumn('status_before_archive', 'varchar(10)')
    // The draft being edited: its JSON (validated) and the Yjs state the editor's updates apply to.
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('draft_ystate', bytes)
    .addColumn('draft_time', 'bigint', (c) => c.notNull())
    // How a generated map was made (issue 7 "Maps generated from data"), JSON; null for drawn maps.
    .addColumn('source', 'text')
    .addColumn('lock_user_id', 'integer')
    .addColumn('lock_username', 'varchar(254)')
    .addColumn('lock_expires', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
  // SPEC §5: a map name is unique per environment.
  await db.schema.createIndex('maps_name').on('maps').columns(['hostgroup_id', 'name']).unique().execute()

  await withId(db, db.schema.createTable('map_versions'))
    .addColumn('map_id', 'integer', (c) => c.notNull().references('maps.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('comment', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('map_versions_version').on('map_versions').columns(['map_id', 'version']).unique().execute()

  // Uploaded pictures, scoped to an environment; content sniffed and sized on upload (SPEC §5, §9).
  await withId(db, db.schema.createTable('map_images'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull().references('hostgroups.id').onDelete('cascade'))
    .addColumn('mime', 'varchar(20)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('data', bytes, (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('slideshows'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull().references('hostgroups.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('alias', 'varchar(50)', (c) => c.notNull())
    .addColumn('delay', 'integer', (c) => c.notNull())
    .addColumn('follow_alarms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('slideshows_name').on('slideshows').columns(['hostgroup_id', 'name']).unique().execute()
  await db.schema
    .createTable('slideshow_maps')
    .addColumn('slideshow_id', 'integer', (c) => c.notNull().references('slideshows.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('map_id', 'integer', (c) => c.notNull().references('maps.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('slideshow_maps_pk', ['slideshow_id', 'position'])
    .execute()
  await db.schema.createIndex('slideshow_maps_map').on('slideshow_maps').column('map_id').execute()

  // SPEC §3 Map events (added, edited, published, …) and the map timeline read events by map.
  await db.schema.alterTable('events').addColumn('map_id', 'integer').execute()
  await db.schema.createIndex('events_map').on('events').columns(['map_id', 'display_time']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('events_map').execute()
  await db.schema.alterTable('events').dropColumn('map_id').execute()
  for (const t of ['slideshow_maps', 'slideshows', 'map_images', 'map_versions', 'maps']) await db.schema.dropTable(t).execute()
}
