/** What the host and resource routes share when they talk to the engine. */
import type { Kysely } from 'kysely'
import type { Database } from '../../store/db'
import { demand, type Scope } from '../../store/scope'
import { ApiError } from '../../../shared/errors'
import { checkKinds, CHECK_KIND_NAMES } from '../../engine/checks/index'
import { requireCheckAllowed } from '../../engine/check-policy'
import { requireCheckTemplate } from '../../store/check-templates'

/** Rescheduling a check is an operator's action: it needs schedule_downtime (SPEC §6, permissions.ts). */
export function requireReschedule(scope: Scope, environmentId: number) {
  demand(scope, 'schedule_downtime', { environmentId }, { action: 'reschedule' })
}

/** SPEC §8 feature_disabled: with the engine off (VIGIL_ENGINE=0) nothing runs checks, so none can run now. */
export function requireEngine(config: { engine: boolean }) {
  if (!config.engine)
    throw new ApiError('feature_disabled', { feature: 'engine', reason: 'active checks are off on this server (VIGIL_ENGINE=0)' })
}

/**
 * A check is validated by its kind when it is saved (STYLE.md "Engine"): unknown kind or bad config → 400;
 * what only server admins may configure (check-policy.ts) → 403; a template that is unknown, hidden or of
 * another kind (store/check-templates.ts) → 400.
 */
export async function validateCheck(
  db: Kysely<Database>,
  scope: Scope,
  check: { kind: string; config: Record<string, unknown> } | undefined,
) {
  if (!check || check.kind === '') return
  const kind = (
    checkKinds as Record<
      string,
      { config: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } } }
    >
  )[check.kind]
  if (!kind)
    throw new ApiError('validation_failed', { field: 'check.kind', reason: `unknown check kind; one of ${CHECK_KIND_NAMES.join(', ')}` })
  const parsed = kind.config.safeParse(check.config)
  if (!parsed.success) {
    const issue = parsed.error!.issues[0]
    throw new ApiError('validation_failed', { field: ['check', 'config', ...issue.path.map(String)].join('.'), reason: issue.message })
  }
  requireCheckAllowed(scope, check)
  await requireCheckTemplate(db, scope, check)
}
