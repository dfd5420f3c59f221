/**
 * Issue 20: list pages and counts over 100,000 hosts and 1,000,000 resources on PostgreSQL (bench/api-lists).
 *
 * - Host counts per environment, type and state, kept by triggers like the resource counts of 0006: a host
 *   list's total (unfiltered, by state, by type) and the hosts grouped by type read a few hundred rows instead
 *   of counting up to 100,000 index entries, whose pages PostgreSQL must also visit while the engine keeps
 *   updating the rows (an index-only scan needs pages it knows to be unchanged).
 * - PostgreSQL only: trigram indexes (pg_trgm) for `contains` on the texts that lists and search match, so a
 *   rare term reads its matches instead of every row; and sort indexes ending with the id (a page sorted by
 *   display name first sorted each 30,000-row group of one name by id: 500 ms; read in index order: 2 ms).
 */
import { sql, type Kysely } from 'kysely'
import { isPostgres } from './util'

const KEY = ['hostgroup_id', 'hosttype', 'state'] as const
const values = (row: string) => KEY.map((c) => `${row}.${c}`).join(', ')
const matches = (row: string) => KEY.map((c) => `${c} = ${row}.${c}`).join(' AND ')
const UPSERT = `INSERT INTO host_state_counts (${KEY.join(', ')}, n) VALUES (${values('NEW')}, 1)
  ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET n = host_state_counts.n + 1`
const DECREMENT = `UPDATE host_state_counts SET n = n - 1 WHERE ${matches('OLD')}`

/** The texts `contains` matches: list filters, and the search sources of store/search.ts. */
const TRIGRAMS = {
  hosts_text_trgm: { table: 'hosts', columns: ['name', 'alias', 'fqdn', 'ip_address', 'description'] },
  resources_text_trgm: { table: 'resources', columns: ['display_name', 'host_name'] },
}

/**
 * PostgreSQL: sort indexes that end with the id, the tiebreak of every list order (list.ts), so that a page is
 * read in index order with no sort (as [table, column, the index on the column alone that it replaces]).
 */
const ORDER_INDEXES = [
  ['resources', 'display_name', 'resources_display_name'],
  ['resources', 'last_state_change', 'resources_last_state_change'],
  ['hosts', 'name', 'hosts_name'],
  ['hosts', 'last_state_change', 'hosts_last_state_change'],
] as const

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('host_state_counts')
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull())
    .addColumn('hosttype', 'varchar(50)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('host_state_counts_pk', [...KEY])
    .execute()
  await sql
    .raw(`INSERT INTO host_state_counts (${KEY.join(', ')}, n) SELECT ${KEY.join(', ')}, COUNT(*) FROM hosts GROUP BY ${KEY.join(', ')}`)
    .execute(db)
  const changed = (old: string, neu: string, differ: string) => KEY.map((c) => `${old}.${c} ${differ} ${neu}.${c}`).join(' OR ')
  if (!isPostgres(db)) {
    await sql.raw(`CREATE TRIGGER hosts_counts_insert AFTER INSERT ON hosts BEGIN ${UPSERT}; END`).execute(db)
    await sql.raw(`CREATE TRIGGER hosts_counts_delete AFTER DELETE ON hosts BEGIN ${DECREMENT}; END`).execute(db)
    await sql
      .raw(
        `CREATE TRIGGER hosts_counts_update AFTER UPDATE OF ${KEY.join(', ')} ON hosts WHEN ${changed('OLD', 'NEW', 'IS NOT')}
        BEGIN ${DECREMENT}; ${UPSERT}; END`,
      )
      .execute(db)
    return
  }
  await sql
    .raw(
      `CREATE FUNCTION host_state_counts_keep() RETURNS trigger AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN ${DECREMENT}; END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN ${UPSERT}; END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`,
    )
    .execute(db)
  await sql`CREATE TRIGGER hosts_counts_change AFTER INSERT OR DELETE ON hosts FOR EACH ROW EXECUTE FUNCTION host_state_counts_keep()`.execute(
    db,
  )
  await sql
    .raw(
      `CREATE TRIGGER hosts_counts_update AFTER UPDATE OF ${KEY.join(', ')} ON hosts FOR EACH ROW
      WHEN (${changed('OLD', 'NEW', 'IS DISTINCT FROM')}) EXECUTE FUNCTION host_state_counts_keep()`,
    )
    .execute(db)

  // pg_trgm ships with PostgreSQL and is a trusted extension: the database's owner may create it.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)
  for (const [name, { table, columns }] of Object.entries(TRIGRAMS))
    await sql.raw(`CREATE INDEX ${name} ON ${table} USING gin (${columns.map((c) => `${c} gin_trgm_ops`).join(', ')})`).execute(db)
  for (const [table, column, replaced] of ORDER_INDEXES) {
    await db.schema.createIndex(`${replaced}_id`).on(table).columns([column, 'id']).execute()
    await db.schema.dropIndex(replaced).execute()
  }
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) {
    for (const [table, column, replaced] of ORDER_INDEXES) {
      await db.schema.createIndex(replaced).on(table).column(column).execute()
      await db.schema.dropIndex(`${replaced}_id`).execute()
    }
    for (const name of Object.keys(TRIGRAMS)) await db.schema.dropIndex(name).execute()
    // The extension stays: other objects of the database may use it by now.
    await sql`DROP TRIGGER hosts_counts_change ON hosts`.execute(db)
    await sql`DROP TRIGGER hosts_counts_update ON hosts`.execute(db)
    await sql`DROP FUNCTION host_state_counts_keep()`.execute(db)
  } else {
    for (const t of ['hosts_counts_insert', 'hosts_counts_delete', 'hosts_counts_update']) await sql.raw(`DROP TRIGGER ${t}`).execute(db)
  }
  await db.schema.dropTable('host_state_counts').execute()
}
