/**
 * The asset sections Vigil collects for a host (SPEC §3; shared/asset-sections.ts). Each collecting resource (an
 * inventory check, an https check, a port scan) owns its rows: its run replaces them in the result batch's
 * transaction, and they go with it. A host has asset data (SPEC §2: its asset link is enabled) while it has
 * collected sections or reported packages.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { getHost } from './hosts'
import { markAssetData } from './asset-data'
import { readJson } from './json'
import { ASSET_SECTION_NAMES, type AssetInventory, type AssetRow, type AssetSectionName } from '../../shared/asset-sections'
import type { HostAssetSection } from '../../shared/api/host-assets'
import type { SoftwarePackage } from '../../shared/api/software'

/** What one inventory run found for a host, for the result batch that writes it. */
export interface InventoryRead {
  hostId: number
  /** the collecting resource */
  resourceId: number
  /** unix seconds of the check */
  at: number
  inventory: AssetInventory
  /** the packages it listed, which replace the host's; undefined: it lists none, the host's stay */
  packages?: SoftwarePackage[]
}

/** In the result batch's transaction: each collector's rows replaced by what its run found. */
export async function saveInventories(tx: Kysely<Database>, reads: InventoryRead[]) {
  for (const { hostId, resourceId, at, inventory } of reads) {
    await tx.deleteFrom('host_asset_rows').where('resource_id', '=', resourceId).execute()
    const rows = ASSET_SECTION_NAMES.filter((s) => inventory[s]?.length).map((section) => ({
      host_id: hostId,
      resource_id: resourceId,
      section,
      rows: JSON.stringify(inventory[section]),
      updated_at: at,
    }))
    if (rows.length) await tx.insertInto('host_asset_rows').values(rows).execute()
    await markAssetData(tx, hostId)
  }
}

/**
 * A visible host's collected sections in SPEC §3 order, each the rows of all its collectors (two https checks'
 * certificates are one SSL info section); another organization's host reads as not found.
 */
export async function listHostAssets(db: Kysely<Database>, scope: Scope, hostId: number): Promise<HostAssetSection[]> {
  await getHost(db, scope, hostId)
  const stored = await db
    .selectFrom('host_asset_rows as a')
    .innerJoin('resources as r', 'r.id', 'a.resource_id')
    .select(['a.section', 'a.rows', 'a.updated_at', 'r.display_name'])
    .where('a.host_id', '=', hostId)
    .orderBy('a.resource_id')
    .execute()
  const sections = new Map<string, HostAssetSection>()
  for (const s of stored) {
    const rows = readJson<AssetRow[]>(s.rows, [])
    const section = sections.get(s.section)
    if (!section) sections.set(s.section, { section: s.section, updated_at: s.updated_at, collected_by: [s.display_name], rows })
    else {
      section.rows.push(...rows)
      section.updated_at = Math.max(section.updated_at, s.updated_at)
      section.collected_by.push(s.display_name)
    }
  }
  const order = (s: string) => ASSET_SECTION_NAMES.indexOf(s as AssetSectionName)
  return [...sections.values()].sort((a, b) => order(a.section) - order(b.section))
}
