import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { validateAcknowledge, type AcknowledgePayload } from './acknowledge-form'
import { ActionFrame } from './ActionFrame'
import { CommentField, FormButtons, TargetList, targetName, useSubmit } from './fields'
import type { ActionTarget, FieldErrors } from './target'

export interface AcknowledgePanelProps {
  /** One per selected row (SPEC §4 multi-select); at least one. */
  targets: readonly ActionTarget[]
  /** One SPEC §3 Acknowledgement payload per target; the screen POSTs them. */
  onSubmit(payloads: AcknowledgePayload[]): Promise<unknown> | void
  onClose(): void
}

/** SPEC §2 "Acknowledge, with a persistent option and a comment" (SPEC §5: comment required, trimmed). */
export function AcknowledgePanel({ targets, onSubmit, onClose }: AcknowledgePanelProps) {
  const { t } = useTranslation()
  const id = useId()
  const [comment, setComment] = useState('')
  const [persistent, setPersistent] = useState(false)
  const [errors, setErrors] = useState<FieldErrors<'comment'>>({})
  const [busy, submit] = useSubmit(onSubmit)

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault()
    const outcome = validateAcknowledge({ comment, persistent }, targets)
    setErrors(outcome.ok ? {} : outcome.errors)
    if (outcome.ok) submit(outcome.payloads)
  }

  return (
    <ActionFrame title={t('ui.acknowledge.title')} onClose={onClose}>
      <form noValidate onSubmit={onFormSubmit}>
        <TargetList names={targets.map(targetName)} />
        <CommentField value={comment} onChange={setComment} error={errors.comment} />
        <div className="form-check mb-3">
          <input
            id={`${id}-persistent`}
            type="checkbox"
            className="form-check-input"
            checked={persistent}
            onChange={(e) => setPersistent(e.target.checked)}
          />
          <label htmlFor={`${id}-persistent`} className="form-check-label">
            {t('ui.acknowledge.persistent')}
          </label>
        </div>
        <FormButtons submitLabel={t('ui.acknowledge.submit')} busy={busy} onCancel={onClose} />
      </form>
    </ActionFrame>
  )
}
