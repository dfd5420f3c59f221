/**
 * Review M4 (issue 13 "Secrets"): SNMP communities once kept in plain `check_config` move into their host's
 * sealed secrets (`snmp_community`), once, at start, after the key is loaded (a migration has no key to seal
 * with). A host's existing sealed community is kept; otherwise its own check's community is taken, else that of
 * its first resource. A check whose community differed from the one kept is reported (it may now be refused).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { readJson } from './json'
import type { SecretBox } from '../security/secrets'

interface SealedCommunities {
  /** checks whose plaintext community was removed */
  moved: number
  /** checks that had a community other than the one their host now keeps */
  differing: { host_id: number; resource_id: number | null }[]
  /** hosts whose sealed secrets cannot be opened (another key): their checks are left as they are */
  unopened: number[]
}

const HAS_COMMUNITY = '%"community"%'

export async function sealSnmpCommunities(db: Kysely<Database>, box: SecretBox): Promise<SealedCommunities> {
  return db.transaction().execute(async (tx) => {
    const hostChecks = await tx
      .selectFrom('hosts')
      .select(['id as host_id', 'check_config'])
      .where('check_kind', '=', 'snmp')
      .where('check_config', 'like', HAS_COMMUNITY)
      .orderBy('id')
      .execute()
    const resourceChecks = await tx
      .selectFrom('resources')
      .select(['id', 'host_id', 'check_config'])
      .where('check_kind', '=', 'snmp')
      .where('check_config', 'like', HAS_COMMUNITY)
      .orderBy('id')
      .execute()
    const checks = [
      ...hostChecks.map((c) => ({
        ...c,
        resource_id: null as number | null,
        config: readJson<Record<string, unknown>>(c.check_config, {}),
      })),
      ...resourceChecks.map((c) => ({
        ...c,
        resource_id: c.id as number | null,
        config: readJson<Record<string, unknown>>(c.check_config, {}),
      })),
    ].filter((c) => typeof c.config.community === 'string')
    const result: SealedCommunities = { moved: 0, differing: [], unopened: [] }
    const hostIds = [...new Set(checks.map((c) => c.host_id))]
    if (!hostIds.length) return result
    const hosts = await tx.selectFrom('hosts').select(['id', 'secrets']).where('id', 'in', hostIds).execute()
    for (const host of hosts) {
      let secrets: Record<string, string>
      try {
        secrets = host.secrets ? (JSON.parse(box.open(host.secrets)) as Record<string, string>) : {}
      } catch {
        result.unopened.push(host.id)
        continue
      }
      const own = checks.filter((c) => c.host_id === host.id)
      secrets.snmp_community ||= own[0].config.community as string
      await tx
        .updateTable('hosts')
        .set({ secrets: box.seal(JSON.stringify(secrets)) })
        .where('id', '=', host.id)
        .execute()
      for (const c of own) {
        if (c.config.community !== secrets.snmp_community) result.differing.push({ host_id: c.host_id, resource_id: c.resource_id })
        const { community: _, ...rest } = c.config
        const config = JSON.stringify(rest)
        if (c.resource_id === null) await tx.updateTable('hosts').set({ check_config: config }).where('id', '=', c.host_id).execute()
        else await tx.updateTable('resources').set({ check_config: config }).where('id', '=', c.resource_id).execute()
        result.moved++
      }
    }
    return result
  })
}
