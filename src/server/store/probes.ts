/**
 * Issue 20 probes: rows, tokens (SHA-256 only, like every bearer token: security/tokens.ts), environment
 * assignments, contact and the down flag. Only server admins manage probes; a probe reaches only its own row.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import type { StateDelta } from '../../shared/feed'
import type { ProbeBody, ProbeRow } from '../../shared/api/probes'
import { writeAuditEvent } from './audit'
import { hashToken, newToken } from '../security/tokens'
import { now } from './json'
import { ApiError } from '../../shared/errors'

function demandServerAdmin(scope: Scope) {
  if (!scope.serverAdmin) throw new ApiError('unauthorized', { action: 'probes' })
}

/** The environments' ids all exist, or validation_failed naming the first unknown one. */
async function checkEnvironments(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return
  const found = new Set((await db.selectFrom('hostgroups').select('id').where('id', 'in', ids).execute()).map((r) => r.id))
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) throw new ApiError('validation_failed', { field: 'environment_ids', reason: `no environment ${missing}` })
}

/** Probes that are not revoked, oldest first, with their environments; `live`: contact within `deadS`. */
export async function listProbes(db: Kysely<Database>, scope: Scope, deadS: number, id?: number): Promise<ProbeRow[]> {
  demandServerAdmin(scope)
  let q = db.selectFrom('probes').selectAll().where('revoked', 'is', null).orderBy('id')
  if (id !== undefined) q = q.where('id', '=', id)
  const rows = await q.execute()
  const envs = rows.length
    ? await db
        .selectFrom('probe_environments')
        .innerJoin('hostgroups', 'hostgroups.id', 'probe_environments.hostgroup_id')
        .select(['probe_environments.probe_id', 'hostgroups.id', 'hostgroups.name'])
        .where(
          'probe_environments.probe_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('hostgroups.name')
        .execute()
    : []
  const t = now()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    environments: envs.filter((e) => e.probe_id === r.id).map((e) => ({ id: e.id, name: e.name })),
    created: r.created,
    last_contact: r.last_contact,
    last_from: r.last_from,
    version: r.version,
    lag_s: r.lag_s,
    load: r.load,
    live: r.last_contact !== null && t - r.last_contact <= deadS,
  }))
}

export async function createProbe(db: Kysely<Database>, scope: Scope, body: ProbeBody, deadS: number) {
  demandServerAdmin(scope)
  await checkEnvironments(db, body.environment_ids)
  const { token, hash } = newToken()
  const id = await db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('probes')
      .values({ name: body.name, token_hash: hash, created: now() })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (body.environment_ids.length)
      await tx
        .insertInto('probe_environments')
        .values(body.environment_ids.map((hostgroup_id) => ({ probe_id: id, hostgroup_id })))
        .execute()
    await writeAuditEvent(tx, scope, {
      subject: 'probe',
      status: 'CREATED',
      id,
      name: body.name,
      organizationId: null,
      after: { environment_ids: body.environment_ids },
    })
    return id
  })
  return { token, probe: (await listProbes(db, scope, deadS, id))[0] }
}

async function liveProbe(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('probes').select(['id', 'name']).where('id', '=', id).where('revoked', 'is', null).executeTakeFirst()
  if (!row) throw new ApiError('not_found', { id })
  return row
}

/** Assigns exactly these environments (audit event ASSIGNED with before and after). */
export async function setProbeEnvironments(db: Kysely<Database>, scope: Scope, id: number, environmentIds: number[]) {
  demandServerAdmin(scope)
  const probe = await liveProbe(db, id)
  await checkEnvironments(db, environmentIds)
  const ids = [...new Set(environmentIds)]
  await db.transaction().execute(async (tx) => {
    const before = await probeEnvironmentIds(tx, id)
    await tx.deleteFrom('probe_environments').where('probe_id', '=', id).execute()
    if (ids.length)
      await tx
        .insertInto('probe_environments')
        .values(ids.map((hostgroup_id) => ({ probe_id: id, hostgroup_id })))
        .execute()
    await writeAuditEvent(tx, scope, {
      subject: 'probe',
      status: 'ASSIGNED',
      id,
      name: probe.name,
      organizationId: null,
      before: { environment_ids: before },
      after: { environment_ids: ids },
    })
  })
}

/** Revokes the probe: its token is refused from now on and its environments return to the central engine. */
export async function revokeProbe(db: Kysely<Database>, scope: Scope, id: number) {
  demandServerAdmin(scope)
  const probe = await liveProbe(db, id)
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('probes').set({ revoked: now() }).where('id', '=', id).execute()
    await writeAuditEvent(tx, scope, { subject: 'probe', status: 'REVOKED', id, name: probe.name, organizationId: null })
  })
}

/** The probe a token stands for, unless unknown or revoked. */
export function probeOfToken(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('probes')
    .select(['id', 'name'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked', 'is', null)
    .executeTakeFirst()
}

/** Records a contact; with a report, what the probe said of itself. Returns true when the probe was down until now. */
export async function touchProbe(
  db: Kysely<Database>,
  id: number,
  from: string,
  report?: { version: string; lag_s: number; load: number },
): Promise<boolean> {
  const t = now()
  const back = await db.updateTable('probes').set({ down: 0 }).where('id', '=', id).where('down', '=', 1).executeTakeFirst()
  await db
    .updateTable('probes')
    .set({ last_contact: t, last_from: from.slice(0, 64), ...(report ? { ...report, version: report.version.slice(0, 64) } : {}) })
    .where('id', '=', id)
    .execute()
  return Number(back.numUpdatedRows) > 0
}

export async function probeEnvironmentIds(db: Kysely<Database>, probeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('probe_environments')
    .select('hostgroup_id')
    .where('probe_id', '=', probeId)
    .orderBy('hostgroup_id')
    .execute()
  return rows.map((r) => r.hostgroup_id)
}

/** Every assignment of a probe that is not revoked, with the probe's last contact (groups and liveness). */
export function probeAssignments(db: Kysely<Database>) {
  return db
    .selectFrom('probe_environments')
    .innerJoin('probes', 'probes.id', 'probe_environments.probe_id')
    .select(['probe_environments.probe_id', 'probe_environments.hostgroup_id', 'probes.last_contact', 'probes.created'])
    .where('probes.revoked', 'is', null)
    .execute()
}

/**
 * Marks down the probes silent since `before` (never heard: since created) and not down yet. Each probe is
 * marked by one conditional update, so with several processes only one of them reports it.
 */
export async function markProbesDown(db: Kysely<Database>, before: number) {
  const silent = await db
    .selectFrom('probes')
    .select(['id', 'name', 'last_contact', 'created'])
    .where('revoked', 'is', null)
    .where('down', '=', 0)
    .execute()
  const marked: { id: number; name: string; last_contact: number | null }[] = []
  for (const p of silent.filter((p) => (p.last_contact ?? p.created) < before)) {
    const r = await db.updateTable('probes').set({ down: 1 }).where('id', '=', p.id).where('down', '=', 0).executeTakeFirst()
    if (Number(r.numUpdatedRows) > 0) marked.push(p)
  }
  return marked
}

/**
 * SPEC §3 host state `offline`: the hosts of these environments, which no probe checks now; returns their deltas.
 * Their next check is due at once, so whoever takes them (the probe back, or another of its group) checks them
 * first instead of waiting out a retry interval planned before the probe fell silent.
 */
export async function setHostsOffline(db: Kysely<Database>, hostgroupIds: number[], output: string): Promise<StateDelta[]> {
  if (!hostgroupIds.length) return []
  const hosts = await db
    .updateTable('hosts')
    .set({ state: 'offline', plugin_output: output, next_check: null })
    .where('hostgroup_id', 'in', hostgroupIds)
    .where('state', '<>', 'offline')
    .returning([
      'id',
      'hostgroup_id',
      'name',
      'state_type',
      'current_attempt',
      'last_check',
      'next_check',
      'last_state_change',
      'is_flapping',
      'is_stale',
    ])
    .execute()
  return hosts.map((h) => ({
    kind: 'state',
    object: 'host',
    id: h.id,
    host_id: h.id,
    hostgroup_id: h.hostgroup_id,
    name: h.name,
    host_name: h.name,
    state: 'offline',
    state_type: h.state_type,
    current_attempt: h.current_attempt,
    plugin_output: output,
    last_check: h.last_check,
    next_check: h.next_check,
    last_state_change: h.last_state_change,
    is_flapping: h.is_flapping === 1,
    is_stale: h.is_stale === 1,
  }))
}
