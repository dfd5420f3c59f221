/**
 * Issue 19 Dashboard (SPEC §2): each user's widget layout, and an organization default that an organization
 * administrator (hostgroup_write on the organization, SPEC §6) sets and that users without their own see. The
 * layout names widget kinds and, for pinned graphs, resource ids only: what a widget shows is read through the
 * scoped list and perfdata calls, so a pinned resource the user can no longer see shows nothing of it.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { can, type Scope } from './scope'
import { readJson, now } from './json'
import { requireVisibleOrganization } from './quotas'
import { writeAuditEvent } from './audit'
import { ApiError } from '../../shared/errors'
import { BUILTIN_WIDGETS, DashboardWidget, type DashboardLayout, type DashboardLayoutBody } from '../../shared/api/dashboard'

const userKey = (userId: number) => `user:${userId}`
const organizationKey = (organizationId: number) => `organization:${organizationId}`

/** The stored widgets, leaving out any that no longer parse (a kind dropped in a later release). */
function parseWidgets(json: string): DashboardWidget[] {
  const stored = readJson<unknown[]>(json, [])
  return (Array.isArray(stored) ? stored : []).flatMap((w) => {
    const parsed = DashboardWidget.safeParse(w)
    return parsed.success ? [parsed.data] : []
  })
}

async function readRow(db: Kysely<Database>, ownerKey: string) {
  return db.selectFrom('dashboard_layouts').select(['widgets', 'updated_time']).where('owner_key', '=', ownerKey).executeTakeFirst()
}

/** The caller's layout, else its organization's default, else the built-in one. */
export async function getDashboardLayout(db: Kysely<Database>, scope: Scope): Promise<DashboardLayout> {
  const own = await readRow(db, userKey(scope.userId))
  if (own) return { widgets: parseWidgets(own.widgets), source: 'user', updated_time: Number(own.updated_time) }
  const organization = await readRow(db, organizationKey(scope.organizationId))
  if (organization)
    return { widgets: parseWidgets(organization.widgets), source: 'organization', updated_time: Number(organization.updated_time) }
  return { widgets: BUILTIN_WIDGETS, source: 'builtin', updated_time: null }
}

async function upsert(db: Kysely<Database>, owner: { user_id: number } | { organization_id: number }, body: DashboardLayoutBody) {
  const owner_key = 'user_id' in owner ? userKey(owner.user_id) : organizationKey(owner.organization_id)
  const widgets = JSON.stringify(body.widgets)
  const updated_time = now()
  await db
    .insertInto('dashboard_layouts')
    .values({ owner_key, user_id: null, organization_id: null, ...owner, widgets, updated_time })
    .onConflict((oc) => oc.column('owner_key').doUpdateSet({ widgets, updated_time }))
    .execute()
}

/** PUT dashboard/layout: the caller's own layout; nobody else's is reachable through it. */
export async function saveDashboardLayout(db: Kysely<Database>, scope: Scope, body: DashboardLayoutBody): Promise<DashboardLayout> {
  await upsert(db, { user_id: scope.userId }, body)
  return getDashboardLayout(db, scope)
}

/** DELETE dashboard/layout: the caller follows its organization's default (or the built-in layout) again. */
export async function resetDashboardLayout(db: Kysely<Database>, scope: Scope): Promise<DashboardLayout> {
  await db.deleteFrom('dashboard_layouts').where('owner_key', '=', userKey(scope.userId)).execute()
  return getDashboardLayout(db, scope)
}

/** PUT dashboard/organizations/{id}/layout: the organization default, by its administrators; audited with the change. */
export async function saveOrganizationDashboardLayout(
  db: Kysely<Database>,
  scope: Scope,
  organizationId: number,
  body: DashboardLayoutBody,
): Promise<DashboardLayoutBody> {
  await requireVisibleOrganization(db, scope, organizationId)
  if (!scope.serverAdmin && !can(scope, 'hostgroup_write', { organizationId }))
    throw new ApiError('unauthorized', { action: 'hostgroup_write', reason: 'the organization default dashboard needs its administrators' })
  return db.transaction().execute(async (tx) => {
    const before = await readRow(tx, organizationKey(organizationId))
    await upsert(tx, { organization_id: organizationId }, body)
    const org = await tx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow()
    await writeAuditEvent(tx, scope, {
      subject: 'dashboard_layout',
      status: before ? 'UPDATED' : 'CREATED',
      id: organizationId,
      name: org.name,
      organizationId,
      before: before ? { widgets: parseWidgets(before.widgets) } : null,
      after: { widgets: body.widgets },
    })
    return { widgets: body.widgets }
  })
}
