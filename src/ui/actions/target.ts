/**
 * What an action panel acts on and what it hands back. SPEC §7 "Multi-row submissions: one submission per
 * selected row, with a flag when more than one": a panel gets one target per selected row and calls
 * `onSubmit(payloads)` with one SPEC §3 payload per target; the screen sends them (with the multi flag
 * when there are several) and shows the SPEC §8 action messages.
 */

/** A host, or a resource of a host (SPEC §3 Payloads name both by id and name). */
export interface ActionTarget {
  host_id: number
  host_name: string
  resource_id?: number
  resource_name?: string
}

/** Errors by field; each value is an i18n key (`errors.validation_failed` takes the field's label as `field`). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>

export type FormResult<P, F extends string> = { ok: true; payloads: P[] } | { ok: false; errors: FieldErrors<F> }

/** SPEC §5 "comment required": the text of the rule, not the generic "Validation failed: Comment.". */
export const COMMENT_REQUIRED = 'ui.actions.commentRequired'

/** The id and name fields of a target, without empty resource fields for a host. */
export function targetFields(target: ActionTarget): ActionTarget {
  const fields: ActionTarget = { host_id: target.host_id, host_name: target.host_name }
  if (target.resource_id !== undefined) fields.resource_id = target.resource_id
  if (target.resource_name !== undefined) fields.resource_name = target.resource_name
  return fields
}

export function isResource(target: ActionTarget): boolean {
  return target.resource_id !== undefined
}

/** SPEC §7 "with a flag when more than one": every payload of a multi-row submission says `multi: true`. */
export interface MultiFlag {
  multi?: boolean
}

export function result<P, F extends string>(errors: FieldErrors<F>, payloads: () => P[]): FormResult<P & MultiFlag, F> {
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const all = payloads() as (P & MultiFlag)[]
  return { ok: true, payloads: all.length > 1 ? all.map((p) => ({ ...p, multi: true })) : all }
}
