import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionFrame } from './ActionFrame'
import { CommentField, FormButtons, TargetList, useSubmit } from './fields'
import { ticketTitle, validateCreateTicket, type CreateTicketPayload, type TicketSubject } from './ticket-form'
import type { TicketInfo } from './ticket-info'
import type { FieldErrors } from './target'

export interface CreateTicketPanelProps {
  /** Hosts, resources or risks; several in multi-select mode. */
  subjects: readonly TicketSubject[]
  /** SPEC §2 "read-only hidden description and priority filled from loaded ticket info". */
  ticketInfo?: Pick<TicketInfo, 'description' | 'priorityName'>
  /** SPEC §2 "optional multi-select checkbox": turns the table's multi-select mode on and off. */
  multiSelect?: { enabled: boolean; onChange(enabled: boolean): void }
  onSubmit(payloads: CreateTicketPayload[]): Promise<unknown> | void
  onClose(): void
}

/** SPEC §2 "Create ticket". */
export function CreateTicketPanel({ subjects, ticketInfo, multiSelect, onSubmit, onClose }: CreateTicketPanelProps) {
  const { t } = useTranslation()
  const id = useId()
  const [comment, setComment] = useState('')
  const [errors, setErrors] = useState<FieldErrors<'comment'>>({})
  const [busy, submit] = useSubmit(onSubmit)
  const title =
    subjects.length === 1
      ? t('ui.ticket.createTitle', { subject: ticketTitle(subjects[0]) })
      : t('ui.ticket.createTitleMany', { n: subjects.length })

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault()
    const outcome = validateCreateTicket(comment, subjects)
    setErrors(outcome.ok ? {} : outcome.errors)
    if (outcome.ok) submit(outcome.payloads)
  }

  return (
    <ActionFrame title={title} onClose={onClose}>
      <form noValidate onSubmit={onFormSubmit}>
        <TargetList names={subjects.map(ticketTitle)} />
        {multiSelect && (
          <div className="form-check mb-3">
            <input
              id={`${id}-multi`}
              type="checkbox"
              className="form-check-input"
              checked={multiSelect.enabled}
              onChange={(e) => multiSelect.onChange(e.target.checked)}
            />
            <label htmlFor={`${id}-multi`} className="form-check-label">
              {t('ui.actions.multiSelect')}
            </label>
          </div>
        )}
        <CommentField value={comment} onChange={setComment} error={errors.comment} />
        {ticketInfo?.description !== undefined && (
          <div className="mb-3">
            <label htmlFor={`${id}-description`} className="form-label">
              {t('ui.ticket.fields.description')}
            </label>
            <textarea id={`${id}-description`} className="form-control" rows={3} readOnly value={ticketInfo.description} />
          </div>
        )}
        {ticketInfo?.priorityName !== undefined && (
          <div className="mb-3">
            <label htmlFor={`${id}-priority`} className="form-label">
              {t('ui.ticket.fields.priority')}
            </label>
            <input id={`${id}-priority`} className="form-control" readOnly value={ticketInfo.priorityName} />
          </div>
        )}
        <FormButtons submitLabel={t('ui.ticket.create')} busy={busy} onCancel={onClose} />
      </form>
    </ActionFrame>
  )
}
