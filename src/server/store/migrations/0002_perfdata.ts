/** Performance data as time series: raw points for a few days, then 5-minute, hourly and daily rollups. */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('perf_series'))
    .addColumn('host_id', 'integer', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.references('resources.id').onDelete('cascade'))
    .addColumn('label', 'varchar(255)', (c) => c.notNull())
    .addColumn('unit', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('warn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('crit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('min', 'real')
    .addColumn('max', 'real')
    .execute()
  await db.schema.createIndex('perf_series_owner').on('perf_series').columns(['host_id', 'resource_id', 'label']).unique().execute()

  await db.schema
    .createTable('perf_points')
    .addColumn('series_id', 'integer', (c) => c.notNull().references('perf_series.id').onDelete('cascade'))
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('v', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('perf_points_pk', ['series_id', 't'])
    .execute()
  // Rollups and retention read and delete by time across all series.
  await db.schema.createIndex('perf_points_t').on('perf_points').column('t').execute()

  await db.schema
    .createTable('perf_rollups')
    .addColumn('series_id', 'integer', (c) => c.notNull().references('perf_series.id').onDelete('cascade'))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('min', 'real', (c) => c.notNull())
    .addColumn('avg', 'real', (c) => c.notNull())
    .addColumn('max', 'real', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('perf_rollups_pk', ['series_id', 'step', 't'])
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['perf_rollups', 'perf_points', 'perf_series']) await db.schema.dropTable(t).execute()
}
