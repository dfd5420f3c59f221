/** SPEC §2 has_asset_data, kept on the host row for the lists: set while it has collected sections or packages. */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'

/** Sets the host's flag from what it has now, in the caller's transaction. */
export async function markAssetData(tx: Kysely<Database>, hostId: number) {
  await tx
    .updateTable('hosts')
    .set({
      has_asset_data: sql<number>`CASE WHEN EXISTS (SELECT 1 FROM host_asset_rows WHERE host_id = ${hostId})
        OR EXISTS (SELECT 1 FROM host_software WHERE host_id = ${hostId}) THEN 1 ELSE 0 END`,
    })
    .where('id', '=', hostId)
    .execute()
}
