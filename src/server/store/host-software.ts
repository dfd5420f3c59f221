/**
 * Software inventory of hosts (SPEC §1 "View asset inventory of hosts and software", §2 /assets/software):
 * a host's packages, replaced as a whole by each push; a host's list; and the packages of the hosts a
 * caller sees, by host type and version. Scoped like hosts: another organization's host reads as not found.
 */
import { sql, type Kysely } from 'kysely'
import type { Database, Dialect } from './db'
import { demand, type Scope } from './scope'
import { whereOf } from './list'
import { hostDef } from './hosts'
import { chunked } from './action-targets'
import { now } from './json'
import { fail } from './fail'
import { markAssetData } from './asset-data'
import type {
  HostSoftware,
  PackageSummary,
  SoftwarePackage,
  SoftwarePageQuery,
  SoftwarePush,
  SoftwareQuery,
  VersionCount,
} from '../../shared/api/software'
import { DEFAULT_PAGE_SIZE } from '../../shared/constants'

async function visibleHost(db: Kysely<Database>, scope: Scope, hostId: number) {
  const host = await db.selectFrom('hosts').select(['id', 'hostgroup_id']).where('id', '=', hostId).executeTakeFirst()
  return host && scope.environmentIds.includes(host.hostgroup_id) ? host : fail('host_not_found', { id: hostId })
}

export async function listHostSoftware(db: Kysely<Database>, scope: Scope, hostId: number): Promise<HostSoftware[]> {
  await visibleHost(db, scope, hostId)
  return db
    .selectFrom('host_software')
    .select(['name', 'version', 'vendor', 'arch', 'updated_at'])
    .where('host_id', '=', hostId)
    .orderBy('name')
    .orderBy('version')
    .execute()
}

/**
 * Replaces a host's inventory with a full push (an agent or script lists everything installed): what is not
 * in it is removed, all in one transaction. Writing needs host_write on the host's environment, as passive
 * results do: SPEC §6 names no inventory right, and host data pushed by agents is host administration.
 */
export async function replaceHostSoftware(db: Kysely<Database>, scope: Scope, hostId: number, software: SoftwarePush['software']) {
  await db.transaction().execute(async (tx) => {
    const host = await visibleHost(tx, scope, hostId)
    demand(scope, 'host_write', { environmentId: host.hostgroup_id })
    await writeHostSoftware(tx, hostId, software, now())
  })
  return listHostSoftware(db, scope, hostId)
}

/** In the caller's transaction: the host's packages replaced by `software` (a push, or a Checkmk agent's inventory). */
export async function writeHostSoftware(tx: Kysely<Database>, hostId: number, software: SoftwarePackage[], at: number) {
  await tx.deleteFrom('host_software').where('host_id', '=', hostId).execute()
  for (const part of chunked(software)) {
    await tx
      .insertInto('host_software')
      .values(
        part.map((p) => ({
          host_id: hostId,
          name: p.name,
          version: p.version,
          vendor: p.vendor ?? null,
          arch: p.arch ?? null,
          updated_at: at,
        })),
      )
      .execute()
  }
  // SPEC §2: a host's asset link is enabled when it has asset data (packages or collected sections).
  await markAssetData(tx, hostId)
}

/** The hosts a software query counts (the host list's filters and scope), each joined to its packages. */
function hostsWithSoftware(dialect: Dialect, scope: Scope, q: SoftwareQuery) {
  return { from: sql.raw(`${hostDef.from} JOIN host_software hs ON hs.host_id = hosts.id`), where: whereOf(hostDef, dialect, scope, q) }
}

/** The packages' order within a host type (SoftwarePageQuery.order); ties by name, so pages never overlap. */
function packageOrder(order: SoftwarePageQuery['order'] = 'name') {
  const desc = order.startsWith('-') ? sql.raw(' DESC') : sql.raw('')
  return order.endsWith('host_count') ? sql`COUNT(DISTINCT hosts.id)${desc}, hs.name` : sql`hs.name${desc}`
}

/**
 * SPEC §2 /assets/software "software grouped by hosttype": per host type, each package with its version
 * counts; one page of packages (SoftwarePageQuery), every group with the count of all its packages.
 */
export async function softwareByHosttype(db: Kysely<Database>, dialect: Dialect, scope: Scope, q: SoftwarePageQuery) {
  const { from, where } = hostsWithSoftware(dialect, scope, q)
  const limit = q.limit ?? DEFAULT_PAGE_SIZE
  const [groups, packages] = await Promise.all([
    sql<{ hosttype: string; n: number }>`SELECT hosts.hosttype AS hosttype, COUNT(DISTINCT hs.name) AS n
      FROM ${from} WHERE ${where} GROUP BY hosts.hosttype ORDER BY hosts.hosttype`.execute(db),
    // A host may have two versions of one package (kernels): its package count is of distinct hosts.
    limit === 0
      ? { rows: [] }
      : sql<{ hosttype: string; name: string; n: number }>`SELECT hosts.hosttype AS hosttype, hs.name AS name, COUNT(DISTINCT hosts.id) AS n
      FROM ${from} WHERE ${where} GROUP BY hosts.hosttype, hs.name ORDER BY hosts.hosttype, ${packageOrder(q.order)} LIMIT ${limit} OFFSET ${q.offset ?? 0}`.execute(
          db,
        ),
  ])
  const names = [...new Set(packages.rows.map((p) => p.name))]
  const versions = names.length
    ? await sql<{
        hosttype: string
        name: string
        version: string
        n: number
      }>`SELECT hosts.hosttype AS hosttype, hs.name AS name, hs.version AS version, COUNT(*) AS n
      FROM ${from} WHERE ${where} AND hs.name IN (${sql.join(names)}) GROUP BY hosts.hosttype, hs.name, hs.version ORDER BY hosts.hosttype, hs.name, hs.version`.execute(
        db,
      )
    : { rows: [] }
  const key = (r: { hosttype: string; name: string }) => JSON.stringify([r.hosttype, r.name])
  const byPackage = new Map<string, PackageSummary>()
  const page = new Map<string, PackageSummary[]>()
  for (const p of packages.rows) {
    const summary = { name: p.name, host_count: Number(p.n), versions: [] }
    byPackage.set(key(p), summary)
    page.set(p.hosttype, [...(page.get(p.hosttype) ?? []), summary])
  }
  for (const v of versions.rows) byPackage.get(key(v))?.versions.push({ version: v.version, host_count: Number(v.n) })
  const result = groups.rows.map((g) => ({ hosttype: g.hosttype, totalresults: Number(g.n), result: page.get(g.hosttype) ?? [] }))
  return { result, totalresults: result.length }
}

/** SPEC §2 /assets/software/{hosttype}/{package_name} "grouped by version": each version's host count. */
export async function packageVersions(
  db: Kysely<Database>,
  dialect: Dialect,
  scope: Scope,
  hosttype: string,
  name: string,
  q: SoftwareQuery,
): Promise<VersionCount[]> {
  const { from, where } = hostsWithSoftware(dialect, scope, q)
  const { rows } = await sql<{ version: string; n: number }>`SELECT hs.version AS version, COUNT(*) AS n FROM ${from}
    WHERE ${where} AND hosts.hosttype = ${hosttype} AND hs.name = ${name} GROUP BY hs.version ORDER BY hs.version`.execute(db)
  if (!rows.length) fail('asset_data_not_found', { hosttype, package_name: name })
  return rows.map((r) => ({ version: r.version, host_count: Number(r.n) }))
}
