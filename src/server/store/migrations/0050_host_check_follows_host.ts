/**
 * A host's default ping stored the host's address (and `high_latency`'s levels) when the host was made, so a new IP
 * address or a tag changed later never reached the check: it went on pinging the old address. The engine now
 * applies both as they are at each check (shared/host-tags.ts hostAddress, hostCheckConfig); the copies that are
 * exactly what the host was made with go. A ping someone pointed elsewhere, or gave levels of their own, stays.
 */
import { sql, type Kysely } from 'kysely'

const ADDRESS = sql`coalesce(nullif(ip_address, ''), nullif(fqdn, ''), name)`

export async function up(db: Kysely<any>) {
  await db
    .updateTable('hosts')
    .set({ check_config: '{}' })
    .where('check_kind', '=', 'ping')
    .where((eb) =>
      eb.or([
        eb('check_config', '=', sql<string>`'{"host":"' || ${ADDRESS} || '"}'`),
        eb('check_config', '=', sql<string>`'{"host":"' || ${ADDRESS} || '","warn_rta_ms":6000,"crit_rta_ms":10000}'`),
      ]),
    )
    .execute()
}

export async function down(db: Kysely<any>) {
  await db
    .updateTable('hosts')
    .set({ check_config: sql<string>`'{"host":"' || ${ADDRESS} || '"}'` })
    .where('check_kind', '=', 'ping')
    .where('check_config', '=', '{}')
    .execute()
}
