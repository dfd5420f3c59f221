import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { validateAcknowledge, type AcknowledgeDraft, type AcknowledgeField, type AcknowledgePayload } from './acknowledge-form'
import { ActionFrame } from './ActionFrame'
import { CheckField, CommentField, FormButtons, TargetList, targetName, useSubmit } from './fields'
import type { ActionTarget, FieldErrors } from './target'

export interface AcknowledgePanelProps {
  /** One per selected row (SPEC §4 multi-select); at least one. */
  targets: readonly ActionTarget[]
  /** One SPEC §3 Acknowledgement payload per target; the screen POSTs them. */
  onSubmit(payloads: AcknowledgePayload[]): Promise<unknown> | void
  onClose(): void
  /** The clock; injectable for tests. */
  now?(): Date
}

const INITIAL: AcknowledgeDraft = { comment: '', persistent: false, notify: false, expire: '', persistentComment: false }

/**
 * SPEC §2 "Acknowledge, with a persistent option and a comment" (SPEC §5: comment required, trimmed), with the
 * options of issue 17: sticky or until the next change, notify, expiry time, persistent comment.
 */
export function AcknowledgePanel({ targets, onSubmit, onClose, now = () => new Date() }: AcknowledgePanelProps) {
  const { t } = useTranslation()
  const id = useId()
  const [draft, setDraft] = useState<AcknowledgeDraft>(INITIAL)
  const [errors, setErrors] = useState<FieldErrors<AcknowledgeField>>({})
  const [busy, submit] = useSubmit(onSubmit)
  const change = (partial: Partial<AcknowledgeDraft>) => setDraft((d) => ({ ...d, ...partial }))

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault()
    const outcome = validateAcknowledge(draft, targets, now())
    setErrors(outcome.ok ? {} : outcome.errors)
    if (outcome.ok) submit(outcome.payloads)
  }

  return (
    <ActionFrame title={t('ui.acknowledge.title')} onClose={onClose}>
      <form noValidate onSubmit={onFormSubmit}>
        <TargetList names={targets.map(targetName)} />
        <CommentField value={draft.comment} onChange={(comment) => change({ comment })} error={errors.comment} />
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('ui.acknowledge.until')}</legend>
          {([true, false] as const).map((sticky) => (
            <div key={String(sticky)} className="form-check">
              <input
                id={`${id}-sticky-${sticky}`}
                type="radio"
                name={`${id}-sticky`}
                className="form-check-input"
                checked={draft.persistent === sticky}
                onChange={() => change({ persistent: sticky })}
              />
              <label htmlFor={`${id}-sticky-${sticky}`} className="form-check-label">
                {t(sticky ? 'ui.acknowledge.sticky' : 'ui.acknowledge.nextChange')}
              </label>
            </div>
          ))}
        </fieldset>
        <CheckField label={t('ui.acknowledge.notify')} checked={draft.notify} onChange={(notify) => change({ notify })} />
        <CheckField
          label={t('ui.acknowledge.persistentComment')}
          checked={draft.persistentComment}
          onChange={(persistentComment) => change({ persistentComment })}
        />
        <div className="mb-3">
          <label htmlFor={`${id}-expire`} className="form-label">
            {t('ui.acknowledge.expire')}
          </label>
          <input
            id={`${id}-expire`}
            type="datetime-local"
            className={`form-control${errors.expire ? ' is-invalid' : ''}`}
            value={draft.expire}
            aria-invalid={errors.expire ? true : undefined}
            aria-describedby={errors.expire ? `${id}-expire-error` : undefined}
            onChange={(e) => change({ expire: e.target.value })}
          />
          {errors.expire && (
            <div id={`${id}-expire-error`} className="invalid-feedback">
              {t(errors.expire)}
            </div>
          )}
        </div>
        <FormButtons submitLabel={t('ui.acknowledge.submit')} busy={busy} onCancel={onClose} />
      </form>
    </ActionFrame>
  )
}
