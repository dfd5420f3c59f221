/**
 * Issue 13 "Audit log": every configuration change (hosts, resources and their checks, organizations,
 * environments, users, rights, tokens, settings, quotas, allowed networks, plugins) is a SPEC §3 timeline
 * event of type `audit_log`: who, what, before and after. Written in the caller's transaction, so a change
 * and its audit event commit together. Secrets never reach the event (`withoutSecrets`).
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, EventTable } from './db'
import type { Actor } from './event-log'
import { now } from './json'

export type AuditSubject =
  | 'host'
  | 'resource'
  | 'organization'
  | 'environment'
  | 'user'
  | 'rights'
  | 'token'
  /** issue 16: a user's own hardware keys, push approval and their use */
  | 'second_factor'
  | 'settings'
  | 'quota'
  | 'allowed_networks'
  | 'plugin'
  | 'map'
  | 'check_template'
  | 'thresholds'
  | 'risk_options'
  | 'services'
  | 'label_type'
  | 'label'
  | 'discovery'
  | 'ticket_provider'
  /** issue 19: an organization's default dashboard */
  | 'dashboard_layout'
  /** issue 20: a probe created, assigned or revoked */
  | 'probe'
  /** SPEC §3 Report: a report's configuration created, edited or deleted */
  | 'report'

interface AuditChange {
  subject: AuditSubject
  /** CREATED, UPDATED, DELETED, or a narrower verb (GRANTED, REVOKED, UNLOCKED, MOVED) */
  status: string
  /** the subject's id and name as the timeline shows them */
  id: number | string
  name: string
  organizationId: number | null
  hostgroupId?: number | null
  hostId?: number | null
  resourceId?: number | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** Field names whose values are secrets: dropped from before/after (SNMP communities, passwords, tokens). */
const SECRET = /pass(word)?|secret|community|token|key|credential/i

/** A copy without secret-named fields, at any depth; their presence is kept as `"(set)"`. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = SECRET.test(k) ? (v === '' || v == null ? v : '(set)') : withoutSecrets(v)
  return out
}

/** Only what changed between before and after, so an edit of one field reads as that field. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const k of keys) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue
    b[k] = before[k]
    a[k] = after[k]
  }
  return { before: b, after: a }
}

export async function writeAuditEvent(db: Kysely<Database>, actor: Actor | null, change: AuditChange, at = now()) {
  let before = withoutSecrets(change.before ?? null) as Record<string, unknown> | null
  let after = withoutSecrets(change.after ?? null) as Record<string, unknown> | null
  if (before && after) ({ before, after } = changed(before, after))
  const row = await db
    .insertInto('events')
    .values({
      type: 'audit_log',
      event_class: `${change.subject}_audit`,
      organization_id: change.organizationId,
      hostgroup_id: change.hostgroupId ?? null,
      host_id: change.hostId ?? null,
      resource_id: change.resourceId ?? null,
      subject_name: change.name,
      start_time: at,
      display_time: at,
      status: change.status,
      message: `${change.subject} ${change.name} ${change.status.toLowerCase()}`,
      user_id: actor?.userId ?? null,
      username: actor?.username ?? '',
      user_full_name: actor?.fullName ?? '',
      extra_data: JSON.stringify({ subject: change.subject, id: change.id, before, after }),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return row as Selectable<EventTable>
}
