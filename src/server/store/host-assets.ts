/**
 * The asset sections Vigil collects for a host (SPEC §3: system, interfaces, addresses, storage; the `inventory`
 * check): each inventory run replaces the host's sections, in the result batch's transaction. A host has asset data
 * (SPEC §2: its asset link is enabled) while it has collected sections or reported packages.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { getHost } from './hosts'
import { readJson } from './json'
import { ASSET_SECTION_NAMES, type AssetInventory, type AssetRow, type AssetSectionName } from '../../shared/asset-sections'
import type { HostAssetSection } from '../../shared/api/host-assets'
import type { SoftwarePackage } from '../../shared/api/software'

/** What one inventory run found for a host, for the result batch that writes it. */
export interface InventoryRead {
  hostId: number
  /** unix seconds of the check */
  at: number
  inventory: AssetInventory
  /** the packages it listed, which replace the host's; undefined: it lists none, the host's stay */
  packages?: SoftwarePackage[]
}

/** SPEC §2 has_asset_data: collected sections or reported packages. */
export async function markAssetData(tx: Kysely<Database>, hostId: number) {
  await tx
    .updateTable('hosts')
    .set({
      has_asset_data: sql<number>`CASE WHEN EXISTS (SELECT 1 FROM host_assets WHERE host_id = ${hostId})
        OR EXISTS (SELECT 1 FROM host_software WHERE host_id = ${hostId}) THEN 1 ELSE 0 END`,
    })
    .where('id', '=', hostId)
    .execute()
}

/** In the result batch's transaction: each host's sections replaced by what its inventory run found. */
export async function saveInventories(tx: Kysely<Database>, reads: InventoryRead[]) {
  for (const { hostId, at, inventory } of reads) {
    await tx.deleteFrom('host_assets').where('host_id', '=', hostId).execute()
    const rows = ASSET_SECTION_NAMES.filter((s) => inventory[s]?.length).map((section) => ({
      host_id: hostId,
      section,
      rows: JSON.stringify(inventory[section]),
      updated_at: at,
    }))
    if (rows.length) await tx.insertInto('host_assets').values(rows).execute()
    await markAssetData(tx, hostId)
  }
}

/** A visible host's collected sections, in SPEC §3 order; another organization's host reads as not found. */
export async function listHostAssets(db: Kysely<Database>, scope: Scope, hostId: number): Promise<HostAssetSection[]> {
  await getHost(db, scope, hostId)
  const stored = await db.selectFrom('host_assets').select(['section', 'rows', 'updated_at']).where('host_id', '=', hostId).execute()
  const order = (s: string) => ASSET_SECTION_NAMES.indexOf(s as AssetSectionName)
  return stored
    .sort((a, b) => order(a.section) - order(b.section))
    .map((s) => ({ section: s.section, updated_at: s.updated_at, rows: readJson<AssetRow[]>(s.rows, []) }))
}
