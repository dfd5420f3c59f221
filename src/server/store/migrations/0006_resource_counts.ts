/**
 * Resource counts per environment and state, kept by triggers, so that counts and state totals over a
 * million resources read a few rows instead of scanning an index (bench/api-lists: grouped by state).
 */
import { sql, type Kysely } from 'kysely'
import { isPostgres } from './util'

const UPSERT = (env: string, state: string) => `INSERT INTO resource_state_counts (hostgroup_id, state, n) VALUES (${env}, ${state}, 1)
  ON CONFLICT (hostgroup_id, state) DO UPDATE SET n = resource_state_counts.n + 1`
const DECREMENT = (env: string, state: string) =>
  `UPDATE resource_state_counts SET n = n - 1 WHERE hostgroup_id = ${env} AND state = ${state}`

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('resource_state_counts')
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('resource_state_counts_pk', ['hostgroup_id', 'state'])
    .execute()
  await sql`INSERT INTO resource_state_counts (hostgroup_id, state, n) SELECT hostgroup_id, state, COUNT(*) FROM resources GROUP BY hostgroup_id, state`.execute(
    db,
  )
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION resource_state_counts_keep() RETURNS trigger AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN ${DECREMENT('OLD.hostgroup_id', 'OLD.state')}; END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN ${UPSERT('NEW.hostgroup_id', 'NEW.state')}; END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`,
      )
      .execute(db)
    await sql`CREATE TRIGGER resources_counts_change AFTER INSERT OR DELETE ON resources FOR EACH ROW EXECUTE FUNCTION resource_state_counts_keep()`.execute(
      db,
    )
    await sql`CREATE TRIGGER resources_counts_update AFTER UPDATE OF state, hostgroup_id ON resources FOR EACH ROW
      WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.hostgroup_id IS DISTINCT FROM NEW.hostgroup_id) EXECUTE FUNCTION resource_state_counts_keep()`.execute(
      db,
    )
    return
  }
  await sql
    .raw(`CREATE TRIGGER resources_counts_insert AFTER INSERT ON resources BEGIN ${UPSERT('NEW.hostgroup_id', 'NEW.state')}; END`)
    .execute(db)
  await sql
    .raw(`CREATE TRIGGER resources_counts_delete AFTER DELETE ON resources BEGIN ${DECREMENT('OLD.hostgroup_id', 'OLD.state')}; END`)
    .execute(db)
  await sql
    .raw(
      `CREATE TRIGGER resources_counts_update AFTER UPDATE OF state, hostgroup_id ON resources
    WHEN OLD.state IS NOT NEW.state OR OLD.hostgroup_id IS NOT NEW.hostgroup_id
    BEGIN ${DECREMENT('OLD.hostgroup_id', 'OLD.state')}; ${UPSERT('NEW.hostgroup_id', 'NEW.state')}; END`,
    )
    .execute(db)
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER resources_counts_change ON resources`.execute(db)
    await sql`DROP TRIGGER resources_counts_update ON resources`.execute(db)
    await sql`DROP FUNCTION resource_state_counts_keep()`.execute(db)
  } else {
    for (const t of ['resources_counts_insert', 'resources_counts_delete', 'resources_counts_update'])
      await sql.raw(`DROP TRIGGER ${t}`).execute(db)
  }
  await db.schema.dropTable('resource_state_counts').execute()
}
