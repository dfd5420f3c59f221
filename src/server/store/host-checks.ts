/**
 * The checks a host brings (SPEC §3 host types and option tags, shared/host-tags.ts) as its resources: created
 * with the host and kept in step when its type, access method, tags or website inspection config change.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { insertResource, removeResource } from './resources'
import { hostAddress, plannedChecks, type PlanInput } from '../../shared/host-tags'
import { CHECK_MK_CHECK, type PlannedCheck } from '../../shared/host-types'
import { fail } from './fail'
import { readJson } from './json'

/** A host's stored fields that decide its planned checks. */
export interface PlannedFrom {
  name: string
  fqdn: string
  hosttype: string
  access_method: string
  tags: readonly string[]
  custom_check: boolean
  website_inspection_config: string
}

/** `extra`: the Windows roles given at creation, and the type's checks the organization turned off (settings/services). */
export const planOf = (h: PlannedFrom, extra: Pick<PlanInput, 'windows_roles' | 'disabled_checks'> = {}): PlannedCheck[] =>
  plannedChecks({ ...h, hostname: h.fqdn || h.name, ...extra })

/**
 * Adds the checks of `after` the host lacks and removes those of `before` no longer planned (a `no_check_*` tag,
 * another type), in the caller's transaction; resources the user made by hand are left alone. Returns the
 * resource ids the engine must reload.
 */
export async function syncPlannedChecks(
  tx: Kysely<Database>,
  scope: Scope,
  host: { id: number; hostgroup_id: number; name: string },
  before: PlannedCheck[],
  after: PlannedCheck[],
): Promise<number[]> {
  const existing = await tx.selectFrom('resources').select(['id', 'display_name']).where('host_id', '=', host.id).execute()
  const idOf = new Map(existing.map((r) => [r.display_name, r.id]))
  const wanted = new Set(after.map((c) => c.name))
  const changed: number[] = []
  for (const c of before) {
    const id = idOf.get(c.name)
    if (id !== undefined && !wanted.has(c.name)) {
      await removeResource(tx, scope, id)
      changed.push(id)
    }
  }
  for (const c of after) {
    if (idOf.has(c.name)) continue
    const interval = c.check_interval === undefined ? {} : { check_interval: c.check_interval }
    changed.push(await insertResource(tx, scope, host, { name: c.name, check: { kind: c.kind, config: c.config }, ...interval }))
  }
  return changed
}

/** What reading a host's Checkmk agent needs: where it is, whose policy applies, and the resources it has. */
export interface AgentTarget {
  environmentId: number
  /** SPEC §3 Host ip_address, else its FQDN, else its name */
  address: string
  /** the port of the host's `Checkmk agent` check, when it names one */
  port: number | undefined
  resourceNames: string[]
  /** the host's `checkmk-agent` resources besides the agent check itself, with their configurations */
  agentResources: { id: number; name: string; config: Record<string, unknown> }[]
}

export async function agentTarget(db: Kysely<Database>, scope: Scope, hostId: number): Promise<AgentTarget> {
  const host = await db
    .selectFrom('hosts')
    .select(['hostgroup_id', 'ip_address', 'fqdn', 'name', 'tags'])
    .where('id', '=', hostId)
    .executeTakeFirst()
  if (!host || !scope.environmentIds.includes(host.hostgroup_id)) fail('host_not_found', { id: hostId })
  const resources = await db
    .selectFrom('resources')
    .select(['id', 'name', 'display_name', 'check_kind', 'check_config'])
    .where('host_id', '=', hostId)
    .execute()
  const agent = resources.find((r) => r.check_kind === 'checkmk-agent' && r.display_name === CHECK_MK_CHECK.name)
  const port = agent ? readJson<{ port?: unknown }>(agent.check_config, {}).port : undefined
  return {
    environmentId: host.hostgroup_id,
    address: hostAddress({ ...host, tags: readJson<string[]>(host.tags, []) }),
    port: typeof port === 'number' ? port : undefined,
    resourceNames: resources.flatMap((r) => [r.name, r.display_name]),
    agentResources: resources
      .filter((r) => r.check_kind === 'checkmk-agent' && r !== agent)
      .map((r) => ({ id: r.id, name: r.display_name, config: readJson<Record<string, unknown>>(r.check_config, {}) })),
  }
}
