/** Hosts (SPEC §3 Host): the list protocol, get by id or name, create/update/delete with parents and secrets. */
import { ui } from '../../shared/i18n/en/ui'
import { ui as uiNl } from '../../shared/i18n/nl/ui'
import type { Kysely, Selectable } from 'kysely'
import type { z } from 'zod'
import type { Database, HostTable } from './db'
import { getEntity, monitoringStatusColumn, softwareColumn, type ColumnDef, type EntityDef } from './list'
import type { Scope } from './scope'
import { readJson, now } from './json'
import { fail } from './fail'
import { checkStateColumns, checkStateToApi, inMaintenanceColumn, rowActions, ticketAllowed } from './check-state'
import { ApiError } from '../../shared/errors'
import { HOST, HOST_MAP_STATE, HOST_SORT_SEVERITY, HOST_STATES, MAP, problemSeverity, stateId, type Language } from '../../shared/enums'
import { StoredHostSecrets, type HostBody, type HostUpdate } from '../../shared/api/entities'
import type { SecretBox } from '../security/secrets'
import { privateKeyProblem } from '../security/ssh-keys'
import { checkTrust } from './allowed-targets'
import { ensureUniqueName, requireHostWrite, resolveParents, validateHost } from './host-validation'
import { checksPerSecond, demandCheckQuotas, organizationOfEnvironment } from './quotas'
import { auditHost, auditView, plannedFrom } from './host-audit'
import { planOf, syncPlannedChecks } from './host-checks'
import { readServices } from './organization-settings'

type Row = Selectable<HostTable> & { hostgroup_alias: string; organization_name: string; organization_id: number }
type HostOut = ReturnType<typeof toApi>

const MAP_OF_HOST: Record<string, number> = { up: MAP.up, down: MAP.down, unreachable: MAP.unreachable }
const HOST_MAP_OF_HOST: Record<string, number> = {
  up: HOST_MAP_STATE.host_up,
  down: HOST_MAP_STATE.host_down,
  unreachable: HOST_MAP_STATE.host_unreachable,
}

const STATE_NAMES: Record<Language, Record<keyof typeof ui.states, string>> = { en: ui.states, nl: uiNl.states }

function toApi(r: Row, scope: Scope) {
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    hostname: r.fqdn || r.name,
    hostgroup_id: r.hostgroup_id,
    hostgroup_alias: r.hostgroup_alias,
    organization_id: r.organization_id,
    organization_name: r.organization_name,
    hosttype: r.hosttype,
    ip_address: r.ip_address,
    description: r.description,
    ...checkStateToApi(r),
    // SPEC §3: the state's name in the caller's language (Accept-Language).
    state_translation: STATE_NAMES[scope.language ?? 'en'][r.state as keyof typeof ui.states] ?? r.state,
    state_id: stateId('host', r.state),
    problem_severity: problemSeverity('host', r.state),
    tags: readJson<string[]>(r.tags, []),
    labels: readJson<Record<string, string>>(r.labels, {}),
    parents: [] as string[],
    children: [] as string[],
    service_counts: { critical: 0, warning: 0, unknown: 0, ok: 0 },
    allowed_actions: rowActions(scope, r.hostgroup_id),
    ticket_allowed: ticketAllowed(rowActions(scope, r.hostgroup_id), r),
    map_state: MAP_OF_HOST[r.state] ?? MAP.pending,
    host_map_state: HOST_MAP_OF_HOST[r.state] ?? HOST_MAP_STATE.host_pending,
    has_asset_data: r.has_asset_data === 1,
    has_graph: r.perfdata.length > 2,
    monitoring_type: 'host' as const,
    max_scheduled_downtime_depth: r.max_scheduled_downtime_depth,
    notifications_enabled: r.notifications_enabled === 1,
    freshness_threshold: r.freshness_threshold,
    access_method: r.access_method,
    custom_check: r.custom_check === 1,
    website_inspection_config: r.website_inspection_config,
    cluster: r.cluster,
    created_time: r.created_time,
    updated_time: r.updated_time,
  }
}

/** Parents, children and resource counts for one page of hosts; only hosts the caller may see are named (issue 13). */
async function enrich(db: Kysely<Database>, rows: HostOut[], _fields: readonly string[], scope: Scope) {
  const ids = rows.map((r) => r.id)
  const [links, counts] = await Promise.all([
    db
      .selectFrom('host_parents')
      .innerJoin('hosts as p', 'p.id', 'host_parents.parent_id')
      .innerJoin('hosts as c', 'c.id', 'host_parents.host_id')
      .select([
        'host_parents.host_id',
        'host_parents.parent_id',
        'p.name as parent_name',
        'c.name as child_name',
        'p.hostgroup_id as parent_env',
        'c.hostgroup_id as child_env',
      ])
      .where((eb) => eb.or([eb('host_parents.host_id', 'in', ids), eb('host_parents.parent_id', 'in', ids)]))
      .execute(),
    db
      .selectFrom('resources')
      .select(['host_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('host_id', 'in', ids)
      .groupBy(['host_id', 'state'])
      .execute(),
  ])
  const byId = new Map(rows.map((r) => [r.id, r]))
  const visible = new Set(scope.environmentIds)
  for (const l of links) {
    if (visible.has(l.parent_env)) byId.get(l.host_id)?.parents.push(l.parent_name)
    if (visible.has(l.child_env)) byId.get(l.parent_id)?.children.push(l.child_name)
  }
  for (const c of counts) {
    const h = byId.get(c.host_id)
    if (h && c.state in h.service_counts) h.service_counts[c.state as keyof HostOut['service_counts']] = Number(c.n)
  }
}

/** SPEC §3 parents as a filter and sort column, reading only parents in the caller's environments (issue 13). */
function parentsColumn(environmentIds: readonly number[]): ColumnDef {
  // The ids are integers from the caller's Scope, never request text.
  const links = `host_parents hp JOIN hosts p ON p.id = hp.parent_id WHERE hp.host_id = hosts.id AND p.hostgroup_id IN (${environmentIds.length ? environmentIds.join(',') : '0'})`
  return { expr: `(SELECT p.name FROM ${links} LIMIT 1)`, kind: 'text', many: { from: links, value: 'p.name' } }
}

const FROM =
  'hosts JOIN hostgroups ON hostgroups.id = hosts.hostgroup_id JOIN organizations ON organizations.id = hostgroups.organization_id'
const SELECT = 'hosts.*, hostgroups.alias AS hostgroup_alias, organizations.name AS organization_name, organizations.id AS organization_id'

export const hostDef: EntityDef<Row, HostOut> = {
  from: FROM,
  countFrom: 'hosts',
  countTable: { from: 'host_state_counts AS hosts', columns: ['state', 'hostgroup_id', 'hosttype'] },
  select: SELECT,
  scopeColumn: 'hosts.hostgroup_id',
  scopeIds: (s) => s.environmentIds,
  columns: {
    id: { expr: 'hosts.id', kind: 'integer', nullable: false },
    name: { expr: 'hosts.name', kind: 'text', nullable: false, ordered: true },
    alias: { expr: 'hosts.alias', kind: 'text', nullable: false },
    hostname: { expr: 'hosts.fqdn', kind: 'text', nullable: false },
    description: { expr: 'hosts.description', kind: 'text', nullable: false },
    ip_address: { expr: 'hosts.ip_address', kind: 'text', nullable: false },
    hosttype: { expr: 'hosts.hosttype', kind: 'enum', nullable: false },
    hostgroup_id: { expr: 'hosts.hostgroup_id', kind: 'integer', nullable: false },
    hostgroup_alias: { expr: 'hostgroups.alias', kind: 'text', nullable: false, joined: true },
    organization_name: { expr: 'organizations.name', kind: 'text', nullable: false, joined: true },
    max_scheduled_downtime_depth: { expr: 'hosts.max_scheduled_downtime_depth', kind: 'integer', nullable: false },
    tags: { expr: 'hosts.tags', kind: 'text', nullable: false },
    // The stored JSON of SPEC §3 labels: rules on it match label names and values as text.
    labels: { expr: 'hosts.labels', kind: 'text', nullable: false },
    in_maintenance: inMaintenanceColumn('hosts.max_scheduled_downtime_depth'),
    parents: { ...parentsColumn([]), scoped: parentsColumn },
    ...checkStateColumns('hosts', HOST, HOST_STATES, HOST_SORT_SEVERITY),
    monitoring_status: monitoringStatusColumn('hosts', 'max_scheduled_downtime_depth'),
    software: softwareColumn('hosts.id'),
    // SPEC §2 host assets: the hosts whose inventory has been reported.
    has_asset_data: { expr: 'hosts.has_asset_data', kind: 'boolean', nullable: false },
  },
  fields: [
    'id',
    'name',
    'alias',
    'hostname',
    'hostgroup_id',
    'hostgroup_alias',
    'organization_name',
    'hosttype',
    'ip_address',
    'state',
    'state_translation',
    'state_id',
    'problem_severity',
    'state_type',
    'state_details',
    'plugin_output',
    'extended_output',
    'description',
    'last_state_change',
    'last_check',
    'next_check',
    'check_interval',
    'check_type',
    'is_stale',
    'is_flapping',
    'acknowledged',
    'tickets',
    'parents',
    'children',
    'tags',
    'labels',
    'service_counts',
    'allowed_actions',
    'map_state',
    'host_map_state',
    'has_asset_data',
    'has_graph',
    'monitoring_type',
    'max_scheduled_downtime_depth',
  ],
  extraFields: [
    'organization_id',
    'current_attempt',
    'max_check_attempts',
    'retry_interval',
    'perf_data',
    'check_kind',
    'notifications_enabled',
    'freshness_threshold',
    'access_method',
    'custom_check',
    'website_inspection_config',
    'cluster',
    'created_time',
    'updated_time',
  ],
  defaultOrder: [{ column: 'name', desc: false }],
  toApi,
  enrich,
}

/** The environment of a host, null when there is none (feed topic access, feed/socket.ts). */
export async function environmentOfHost(db: Kysely<Database>, id: number): Promise<number | null> {
  return (await db.selectFrom('hosts').select('hostgroup_id').where('id', '=', id).executeTakeFirst())?.hostgroup_id ?? null
}

export const getHost = async (db: Kysely<Database>, scope: Scope, id: number) =>
  (await getEntity(db, hostDef, scope, id)) ?? fail('host_not_found', { id })

/**
 * SPEC §7 hosts/{name}, among the caller's hosts: a hidden host reads exactly as an absent one. Names are
 * unique per organization (issue 13); where organizations the caller sees share one, the oldest host answers.
 */
export async function getHostByName(db: Kysely<Database>, scope: Scope, name: string) {
  const row = scope.environmentIds.length
    ? await db
        .selectFrom('hosts')
        .select('id')
        .where('name', '=', name)
        .where('hostgroup_id', 'in', scope.environmentIds)
        .orderBy('id')
        .executeTakeFirst()
    : undefined
  return row ? getHost(db, scope, row.id) : fail('host_not_found', { name })
}

/** Runs `write` in `db` when it is a transaction already (the CSV import creates many hosts in one), else in a new one. */
const inTransaction = <T>(db: Kysely<Database>, write: (tx: Kysely<Database>) => Promise<T>) =>
  db.isTransaction ? write(db) : db.transaction().execute(write)

/** Creates a host with its host check (ping of its address by default, SPEC §3 host type "ping"). */
export async function createHost(db: Kysely<Database>, scope: Scope, box: SecretBox, body: z.infer<typeof HostBody>) {
  requireHostWrite(scope, body.hostgroup_id)
  validateHost(body)
  const t = now()
  return inTransaction(db, async (tx) => {
    await ensureUniqueName(tx, body.hostgroup_id, body.name)
    const parentIds = await resolveParents(tx, scope, body.parents ?? [], body.hostgroup_id)
    // A ping of the host's address as it is at each check (hostAddress) with its options as they are (hostCheckConfig),
    // so that a new address or tag takes effect: neither is copied into the check.
    const check = body.check ?? { kind: 'ping', config: {} }
    const intervals = { check_interval: body.check_interval ?? 60, retry_interval: body.retry_interval ?? 30 }
    await demandCheckQuotas(
      tx,
      scope,
      body.hostgroup_id,
      {
        hosts: 1,
        environmentHosts: 1,
        load: checksPerSecond({ ...intervals, check_type: body.check_type ?? '0', check_kind: check.kind }),
      },
      intervals,
    )
    const { id } = await tx
      .insertInto('hosts')
      .values({
        name: body.name,
        alias: body.alias ?? body.name,
        fqdn: body.fqdn ?? '',
        hostgroup_id: body.hostgroup_id,
        hosttype: body.hosttype ?? 'ping',
        ip_address: body.ip_address ?? '',
        description: body.description ?? '',
        tags: JSON.stringify(body.tags ?? []),
        labels: JSON.stringify(body.labels ?? {}),
        ...intervals,
        max_check_attempts: body.max_check_attempts ?? 3,
        notifications_enabled: body.notifications_enabled === false ? 0 : 1,
        check_kind: check.kind,
        check_config: JSON.stringify(check.config),
        check_type: body.check_type ?? '0',
        freshness_threshold: body.freshness_threshold ?? null,
        ...checkTrust(scope, true),
        secrets: body.secrets ? box.seal(JSON.stringify(await mergedSecrets(tx, box, null, body.secrets))) : '',
        access_method: body.access_method ?? '',
        custom_check: body.custom_check ? 1 : 0,
        website_inspection_config: body.website_inspection_config ?? '',
        next_check: t,
        created_time: t,
        updated_time: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (parentIds.length)
      await tx
        .insertInto('host_parents')
        .values(parentIds.map((p) => ({ host_id: id, parent_id: p })))
        .execute()
    await auditHost(tx, scope, id, 'CREATED', null, body.secrets)
    const created = await auditView(tx, id)
    const off = (await readServices(tx, created.organization_id)).disabled_checks
    const plan = planOf(plannedFrom(created.config), { windows_roles: body.windows_roles, disabled_checks: off[created.config.hosttype] })
    const resourceIds = await syncPlannedChecks(tx, scope, { id, hostgroup_id: body.hostgroup_id, name: body.name }, [], plan)
    return { id, resourceIds, checks: plan.map((c) => c.name) }
  })
}

export async function updateHost(db: Kysely<Database>, scope: Scope, box: SecretBox, id: number, body: z.infer<typeof HostUpdate>) {
  const host = await getHost(db, scope, id)
  requireHostWrite(scope, host.hostgroup_id)
  const moved = body.hostgroup_id !== undefined && body.hostgroup_id !== host.hostgroup_id
  if (moved) await requireMoveTarget(db, scope, host, body.hostgroup_id!)
  validateHost(body)
  await db.transaction().execute(async (tx) => {
    const environmentId = body.hostgroup_id ?? host.hostgroup_id
    if ((body.name && body.name !== host.name) || environmentId !== host.hostgroup_id)
      await ensureUniqueName(tx, environmentId, body.name ?? host.name, id)
    const before = await auditView(tx, id)
    const { parents, tags, labels, check, secrets, notifications_enabled, custom_check, ...plain } = body
    const was = before.config
    const load = checksPerSecond({
      check_interval: body.check_interval ?? was.check_interval,
      check_type: body.check_type ?? was.check_type,
      check_kind: check?.kind ?? was.check_kind,
    })
    await demandCheckQuotas(tx, scope, environmentId, { environmentHosts: moved ? 1 : 0, load: load - checksPerSecond(was) }, body)
    await tx
      .updateTable('hosts')
      .set({
        ...plain,
        ...(tags ? { tags: JSON.stringify(tags) } : {}),
        ...(labels ? { labels: JSON.stringify(labels) } : {}),
        ...(check ? { check_kind: check.kind, check_config: JSON.stringify(check.config) } : {}),
        ...(secrets ? { secrets: box.seal(JSON.stringify(await mergedSecrets(tx, box, id, secrets))) } : {}),
        ...(notifications_enabled === undefined ? {} : { notifications_enabled: notifications_enabled ? 1 : 0 }),
        ...(custom_check === undefined ? {} : { custom_check: custom_check ? 1 : 0 }),
        ...checkTrust(scope, check !== undefined || plain.ip_address !== undefined || plain.fqdn !== undefined || plain.name !== undefined),
        updated_time: now(),
      })
      .where('id', '=', id)
      .execute()
    if (body.hostgroup_id !== undefined)
      await tx.updateTable('resources').set({ hostgroup_id: body.hostgroup_id }).where('host_id', '=', id).execute()
    if (body.name !== undefined && body.name !== host.name)
      await tx.updateTable('resources').set({ host_name: body.name }).where('host_id', '=', id).execute()
    if (parents) {
      const parentIds = await resolveParents(tx, scope, parents, environmentId, id)
      await tx.deleteFrom('host_parents').where('host_id', '=', id).execute()
      if (parentIds.length)
        await tx
          .insertInto('host_parents')
          .values(parentIds.map((p) => ({ host_id: id, parent_id: p })))
          .execute()
    }
    const after = (await auditView(tx, id)).config
    // The organization's services as they are now: an edit neither adds back a check it turned off nor removes one
    // the host already has; a new type takes every check of the old one away.
    const off = (await readServices(tx, host.organization_id)).disabled_checks
    await syncPlannedChecks(
      tx,
      scope,
      { id, hostgroup_id: environmentId, name: after.name },
      planOf(plannedFrom(was), { disabled_checks: was.hosttype === after.hosttype ? off[was.hosttype] : [] }),
      planOf(plannedFrom(after), { disabled_checks: off[after.hosttype] }),
    )
    await auditHost(tx, scope, id, moved ? 'MOVED' : 'UPDATED', before, secrets)
  })
  return getHost(db, scope, id)
}

/**
 * SPEC §2 "moving a host to another environment": one the caller may write hosts in, of the host's own
 * organization. Its checks, quotas, allowed targets and audit trail belong to the organization, so crossing
 * to another one (possible for those who see several: server admins, MSP administrators) is refused.
 */
async function requireMoveTarget(db: Kysely<Database>, scope: Scope, host: { organization_id: number }, environmentId: number) {
  requireHostWrite(scope, environmentId)
  if ((await organizationOfEnvironment(db, environmentId)) !== host.organization_id)
    throw new ApiError('invalid_operation', { field: 'hostgroup_id', reason: 'other_organization', hostgroup_id: environmentId })
}

export async function deleteHost(db: Kysely<Database>, scope: Scope, id: number) {
  const host = await getHost(db, scope, id)
  requireHostWrite(scope, host.hostgroup_id)
  await db.transaction().execute(async (tx) => {
    await auditHost(tx, scope, id, 'DELETED', await auditView(tx, id))
    await tx
      .deleteFrom('host_parents')
      .where((eb) => eb.or([eb('host_id', '=', id), eb('parent_id', '=', id)]))
      .execute()
    await tx.deleteFrom('resources').where('host_id', '=', id).execute()
    await tx.deleteFrom('hosts').where('id', '=', id).execute()
  })
}

/**
 * A host's secrets after an edit: the fields sent replace the stored ones and an empty field removes one; the others
 * stay (the form is write-only: "leave empty to keep"). The result must hold together (HostSecrets' rules).
 */
async function mergedSecrets(tx: Kysely<Database>, box: SecretBox, id: number | null, sent: Record<string, string | undefined>) {
  const merged: Record<string, string> = id === null ? {} : await hostSecrets(tx, box, id)
  for (const [key, value] of Object.entries(sent)) {
    if (value) merged[key] = value
    else if (value === '') delete merged[key]
  }
  const checked = StoredHostSecrets.safeParse(merged)
  if (!checked.success) {
    const issue = checked.error.issues[0]
    fail('validation_failed', { field: ['secrets', ...issue.path].join('.'), reason: issue.message })
  }
  // A stored key was checked when it was saved: only a key or passphrase sent now is parsed again.
  const keySent = sent.backup_private_key !== undefined || sent.backup_key_passphrase !== undefined
  const keyProblem = keySent && merged.backup_private_key && privateKeyProblem(merged.backup_private_key, merged.backup_key_passphrase)
  if (keyProblem) fail('validation_failed', { field: 'secrets.backup_private_key', reason: keyProblem })
  return merged
}

/** Decrypted secrets for the engine only; never passed to a response. */
export async function hostSecrets(db: Kysely<Database>, box: SecretBox, id: number): Promise<Record<string, string>> {
  const row = await db.selectFrom('hosts').select('secrets').where('id', '=', id).executeTakeFirst()
  return row?.secrets ? JSON.parse(box.open(row.secrets)) : {}
}

/**
 * POST /results: the hosts that passive results name (by name or id), among those the caller sees. Hosts
 * of other environments are read and dropped here, so a hidden host answers exactly as an absent one.
 */
export async function visibleHostsByNameOrId(db: Kysely<Database>, scope: Scope, names: string[], ids: number[]) {
  if (!names.length && !ids.length) return []
  const rows = await db
    .selectFrom('hosts')
    .select(['id', 'name', 'hostgroup_id'])
    .where((eb) => eb.or([eb('name', 'in', names.length ? names : ['']), eb('id', 'in', ids.length ? ids : [-1])]))
    .execute()
  return rows.filter((h) => scope.environmentIds.includes(h.hostgroup_id))
}
