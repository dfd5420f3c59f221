/**
 * Issue 20: leases of engine processes on one PostgreSQL database (engine/leases.ts renews them). Every time
 * is the database's clock in milliseconds, so processes on machines whose clocks differ still agree on who
 * holds what. Taking leases uses `FOR UPDATE SKIP LOCKED`: two processes reaching for the same free bucket
 * never both get it. PostgreSQL only; one process on SQLite owns everything without leases.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'

const NOW = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
/** A dead process's row stays this long (who ran lately, for whoever looks), then goes. */
const KEEP_DEAD_MS = 3600_000

/** Announces the process alive for `leaseMs` more; answers how many engine processes are alive, it included. */
export async function heartbeat(db: Kysely<Database>, id: string, leaseMs: number): Promise<number> {
  await sql`INSERT INTO engine_processes (id, started_at, expires_at) VALUES (${id}, ${NOW}, ${NOW} + ${leaseMs}::bigint)
    ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at`.execute(db)
  await sql`DELETE FROM engine_processes WHERE expires_at < ${NOW} - ${KEEP_DEAD_MS}::bigint`.execute(db)
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM engine_processes WHERE expires_at > ${NOW}`.execute(db)
  return rows[0].n
}

/** Makes sure a lease row exists for each name (free), so there is something to take. */
export async function ensureLeases(db: Kysely<Database>, names: string[]) {
  await db
    .insertInto('engine_leases')
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

/** Renews the leases `owner` still holds (unexpired ones only: an expired lease may be someone else's by now). */
export async function renewLeases(db: Kysely<Database>, owner: string, leaseMs: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`UPDATE engine_leases SET expires_at = ${NOW} + ${leaseMs}::bigint
    WHERE owner = ${owner} AND expires_at > ${NOW} RETURNING name`.execute(db)
  return rows.map((r) => r.name)
}

/** Takes up to `limit` of the named leases that are free or expired; answers those taken. */
export async function takeLeases(db: Kysely<Database>, owner: string, leaseMs: number, names: string[], limit: number): Promise<string[]> {
  if (limit <= 0 || !names.length) return []
  const { rows } = await sql<{ name: string }>`UPDATE engine_leases SET owner = ${owner}, expires_at = ${NOW} + ${leaseMs}::bigint
    WHERE name IN (
      SELECT name FROM engine_leases WHERE name = ANY(${names}) AND (owner IS NULL OR expires_at <= ${NOW})
      ORDER BY name LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) RETURNING name`.execute(db)
  return rows.map((r) => r.name)
}

/** Hands leases back at once, so another process need not wait for them to expire. */
export async function releaseLeases(db: Kysely<Database>, owner: string, names: string[]) {
  if (!names.length) return
  await db.updateTable('engine_leases').set({ owner: null, expires_at: 0 }).where('owner', '=', owner).where('name', 'in', names).execute()
}

/** A stopping process: its leases free and its heartbeat gone, so the others rebalance at their next renewal. */
export async function leave(db: Kysely<Database>, id: string) {
  await db.updateTable('engine_leases').set({ owner: null, expires_at: 0 }).where('owner', '=', id).execute()
  await db.deleteFrom('engine_processes').where('id', '=', id).execute()
}

/** The hosts and resources whose host falls in one of `buckets` (host id modulo `count`). */
export async function idsInBuckets(db: Kysely<Database>, buckets: number[], count: number) {
  const [hosts, resources] = await Promise.all([
    db
      .selectFrom('hosts')
      .select('id')
      .where(sql<number>`id % ${count}`, 'in', buckets)
      .execute(),
    db
      .selectFrom('resources')
      .select('id')
      .where(sql<number>`host_id % ${count}`, 'in', buckets)
      .execute(),
  ])
  return { hostIds: hosts.map((h) => h.id), resourceIds: resources.map((r) => r.id) }
}
