/** The acknowledge panel's rules: SPEC §5 "Acknowledge: comment required (trimmed)", SPEC §3 Acknowledgement payload. */
import { COMMENT_REQUIRED, result, targetFields, type ActionTarget, type FormResult, type MultiFlag } from './target'

export interface AcknowledgeDraft {
  comment: string
  /** SPEC §3 "Acknowledgement: persistent flag and comment". */
  persistent: boolean
}

export interface AcknowledgePayload extends ActionTarget, MultiFlag {
  comment: string
  persistent: boolean
}

export function validateAcknowledge(draft: AcknowledgeDraft, targets: readonly ActionTarget[]): FormResult<AcknowledgePayload, 'comment'> {
  const comment = draft.comment.trim()
  return result(comment === '' ? { comment: COMMENT_REQUIRED } : {}, () =>
    targets.map((target) => ({ ...targetFields(target), comment, persistent: draft.persistent })),
  )
}
