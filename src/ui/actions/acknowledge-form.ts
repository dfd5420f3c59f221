/**
 * The acknowledge panel's rules: SPEC §5 "Acknowledge: comment required (trimmed)", SPEC §3 Acknowledgement
 * payload, and the options operators know from Nagios/Icinga (issue 17): sticky (SPEC's persistent flag:
 * until OK/UP, else until the next state change), notify, an expiry time, a persistent comment.
 */
import { toUnix } from '../date/date-time'
import { COMMENT_REQUIRED, result, targetFields, type ActionTarget, type FormResult, type MultiFlag } from './target'

export interface AcknowledgeDraft {
  comment: string
  /** SPEC §3 "Acknowledgement: persistent flag and comment": sticky until OK/UP. */
  persistent: boolean
  notify: boolean
  /** As typed in a datetime-local input ("YYYY-MM-DDTHH:mm"); empty for no expiry. */
  expire: string
  persistentComment: boolean
}

export interface AcknowledgePayload extends ActionTarget, MultiFlag {
  comment: string
  persistent: boolean
  notify: boolean
  /** Unix seconds, or null for none. */
  expire_time: number | null
  persistent_comment: boolean
}

export type AcknowledgeField = 'comment' | 'expire'

export const EXPIRE_IN_PAST = 'ui.acknowledge.errors.expireInPast'

export function validateAcknowledge(
  draft: AcknowledgeDraft,
  targets: readonly ActionTarget[],
  now: Date,
): FormResult<AcknowledgePayload, AcknowledgeField> {
  const comment = draft.comment.trim()
  const expire = draft.expire ? new Date(draft.expire) : null
  const errors: Partial<Record<AcknowledgeField, string>> = {}
  if (comment === '') errors.comment = COMMENT_REQUIRED
  if (expire && (Number.isNaN(expire.getTime()) || expire <= now)) errors.expire = EXPIRE_IN_PAST
  return result(errors, () =>
    targets.map((target) => ({
      ...targetFields(target),
      comment,
      persistent: draft.persistent,
      notify: draft.notify,
      expire_time: expire ? toUnix(expire) : null,
      persistent_comment: draft.persistentComment,
    })),
  )
}
