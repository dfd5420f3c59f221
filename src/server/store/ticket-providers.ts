/**
 * Issue 15 "Ticket providers": an organization's ticket provider setting (shared/api/ticket-providers.ts), one row
 * per organization that changed it; without one, the built-in service desk. Read by whoever sees the organization;
 * changed (and tried) with host_write on it, as its other settings (SPEC §6 "host_write (organization threshold
 * edit)"), or by a server admin; audited in the same transaction. The RT token is sealed at rest and never
 * answered. The base URL is network access a customer configures (issue 13 "Targets"): saved by anyone but a
 * server admin, it must pass the organization's target policy, and it is judged again on every request.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, TicketProviderTable } from './db'
import { can, type Scope } from './scope'
import { readJson, now } from './json'
import { requireVisibleOrganization } from './quotas'
import { writeAuditEvent } from './audit'
import { readAllowedTargets } from './allowed-targets'
import { ApiError } from '../../shared/errors'
import { hostOf, judgedAddress, TargetDenied } from '../integrations/outbound'
import type { SecretBox } from '../security/secrets'
import type { AllowedTargets } from '../../shared/api/quotas'
import {
  CustomFieldMapping,
  Deployment,
  TicketProviderKind,
  type TicketProviderSettings,
  type TicketProviderUpdate,
} from '../../shared/api/ticket-providers'

/** A stored setting, or the defaults of an organization that never changed it. */
type Stored = Omit<Selectable<TicketProviderTable>, 'organization_id' | 'updated_time'>

/** What a provider needs to work: the setting with the token opened and, unless trusted, the target policy. */
export interface TicketProviderConfig {
  organizationId: number
  provider: TicketProviderKind
  deployment: Deployment
  baseUrl: string
  queue: string
  token: string
  timeoutS: number
  customFields: CustomFieldMapping
  /** the organization's allowed targets; null when a server admin saved the base URL */
  policy: AllowedTargets | null
}

const DEFAULTS: Stored = {
  provider: 'builtin',
  deployment: 'production',
  base_url: '',
  queue: '',
  token: '',
  timeout_s: 5,
  custom_fields: '{}',
  trusted: 0,
}

async function readRow(db: Kysely<Database>, organizationId: number): Promise<Stored> {
  const row = await db.selectFrom('ticket_providers').selectAll().where('organization_id', '=', organizationId).executeTakeFirst()
  return row ?? DEFAULTS
}

const customFieldsOf = (json: string) => CustomFieldMapping.safeParse(readJson(json, {})).data ?? {}

/** The API's view: no token, only whether one is set. */
function settingsOf(row: Stored): TicketProviderSettings {
  return {
    provider: TicketProviderKind.safeParse(row.provider).data ?? 'builtin',
    deployment: Deployment.safeParse(row.deployment).data ?? 'production',
    base_url: row.base_url,
    queue: row.queue,
    timeout_s: row.timeout_s,
    custom_fields: customFieldsOf(row.custom_fields),
    token_set: row.token !== '',
    trusted: row.trusted === 1,
  }
}

/** The setting of an organization for its ticket calls (no scope: the caller already holds the organization's object). */
export async function readTicketProviderConfig(
  db: Kysely<Database>,
  box: SecretBox,
  organizationId: number,
): Promise<TicketProviderConfig> {
  return configOf(db, box, organizationId, await readRow(db, organizationId))
}

async function configOf(db: Kysely<Database>, box: SecretBox, organizationId: number, row: Stored): Promise<TicketProviderConfig> {
  const s = settingsOf(row)
  let token: string
  try {
    token = box.open(row.token)
  } catch {
    // Sealed with a key this server lacks: the ticket system will refuse, and says so in words.
    token = ''
  }
  return {
    organizationId,
    provider: s.provider,
    deployment: s.deployment,
    baseUrl: s.base_url,
    queue: s.queue,
    token,
    timeoutS: s.timeout_s,
    customFields: s.custom_fields,
    policy: row.trusted === 1 ? null : await readAllowedTargets(db, organizationId),
  }
}

export async function getTicketProviderSettings(
  db: Kysely<Database>,
  scope: Scope,
  organizationId: number,
): Promise<TicketProviderSettings> {
  await requireVisibleOrganization(db, scope, organizationId)
  return settingsOf(await readRow(db, organizationId))
}

const invalid = (field: string, reason: string, value?: string) =>
  new ApiError('validation_failed', { field: `body.${field}`, reason, ...(value === undefined ? {} : { value }) })

/**
 * The stored row a body makes (SPEC §5: refused naming the field, nothing written): RT needs an address, a queue
 * and a token (given now or kept); an address changed by anyone but a server admin must pass the target policy.
 */
async function rowOf(db: Kysely<Database>, scope: Scope, box: SecretBox, organizationId: number, body: TicketProviderUpdate) {
  await requireVisibleOrganization(db, scope, organizationId)
  if (!scope.serverAdmin && !can(scope, 'host_write', { organizationId })) throw new ApiError('unauthorized', { action: 'host_write' })
  const before = await readRow(db, organizationId)
  const token = body.token === undefined ? before.token : body.token === null ? '' : box.seal(body.token)
  if (body.provider === 'request_tracker') {
    if (!body.base_url) throw invalid('base_url', 'Request Tracker needs its address')
    if (!body.queue) throw invalid('queue', 'Request Tracker needs the queue tickets are opened in')
    if (!token) throw invalid('token', 'Request Tracker needs an auth token')
  }
  const moved = body.base_url !== before.base_url
  // A server admin's save of the address trusts it; anyone else's change of it clears the trust (as checks, issue 13).
  const trusted = moved ? scope.serverAdmin : before.trusted === 1
  if (body.base_url && !trusted) {
    // A name is resolved and judged now too, for a clear refusal; one that does not resolve yet is judged when used.
    await judgedAddress(hostOf(new URL(body.base_url)), await readAllowedTargets(db, organizationId)).catch((error: unknown) => {
      if (error instanceof TargetDenied) throw invalid('base_url', error.message, body.base_url)
    })
  }
  const after = {
    provider: body.provider,
    deployment: body.deployment,
    base_url: body.base_url,
    queue: body.queue,
    token,
    timeout_s: body.timeout_s,
    custom_fields: JSON.stringify(body.custom_fields),
    trusted: trusted ? 1 : 0,
  }
  return { before, after }
}

export async function updateTicketProviderSettings(
  db: Kysely<Database>,
  scope: Scope,
  box: SecretBox,
  organizationId: number,
  body: TicketProviderUpdate,
): Promise<TicketProviderSettings> {
  const { before, after } = await rowOf(db, scope, box, organizationId, body)
  return db.transaction().execute(async (tx) => {
    const at = now()
    await tx
      .insertInto('ticket_providers')
      .values({ organization_id: organizationId, ...after, updated_time: at })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...after, updated_time: at }))
      .execute()
    const org = await tx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow()
    // The token shows only as set or not (withoutSecrets); a replaced one is named as such.
    const audited = (row: typeof after | typeof before, replaced: boolean) => {
      const { token_set: _set, ...shown } = settingsOf(row)
      return { ...shown, token: row.token, ...(replaced ? { replaced: ['token'] } : {}) }
    }
    await writeAuditEvent(tx, scope, {
      subject: 'ticket_provider',
      status: 'UPDATED',
      id: organizationId,
      name: org.name,
      organizationId,
      before: audited(before, false),
      after: audited(after, typeof body.token === 'string'),
    })
    return settingsOf(after)
  })
}

/** A body's setting as it would be saved, for a connection test: nothing is written. */
export async function draftTicketProviderConfig(
  db: Kysely<Database>,
  scope: Scope,
  box: SecretBox,
  organizationId: number,
  body: TicketProviderUpdate,
): Promise<TicketProviderConfig> {
  const { after } = await rowOf(db, scope, box, organizationId, { ...body, provider: 'request_tracker' })
  return configOf(db, box, organizationId, after)
}

/** The setting of each organization that owns one of `hostgroupIds`, by environment. */
export async function ticketProviderConfigsOfEnvironments(
  db: Kysely<Database>,
  box: SecretBox,
  hostgroupIds: number[],
): Promise<Map<number, TicketProviderConfig>> {
  const ids = [...new Set(hostgroupIds)]
  const rows = ids.length ? await db.selectFrom('hostgroups').select(['id', 'organization_id']).where('id', 'in', ids).execute() : []
  const byOrganization = new Map<number, TicketProviderConfig>()
  for (const organizationId of new Set(rows.map((r) => r.organization_id)))
    byOrganization.set(organizationId, await readTicketProviderConfig(db, box, organizationId))
  return new Map(rows.map((r) => [r.id, byOrganization.get(r.organization_id)!]))
}
