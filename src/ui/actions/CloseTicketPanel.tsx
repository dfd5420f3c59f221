import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionFrame } from './ActionFrame'
import { CommentField, FormButtons, useSubmit } from './fields'
import { ticketTitle, validateCloseTicket, type CloseTicketPayload, type TicketSubject } from './ticket-form'
import type { FieldErrors } from './target'

export interface CloseTicketPanelProps {
  subject: TicketSubject
  ticketId: string
  /** SPEC §4 "A closed ticket disables comment input". */
  closed?: boolean
  onSubmit(payloads: CloseTicketPayload[]): Promise<unknown> | void
  onClose(): void
}

/** SPEC §4 close a ticket: asks for a reason; SPEC §5 the comment is required ("validation_failed"). */
export function CloseTicketPanel({ subject, ticketId, closed, onSubmit, onClose }: CloseTicketPanelProps) {
  const { t } = useTranslation()
  const [comment, setComment] = useState('')
  const [errors, setErrors] = useState<FieldErrors<'comment'>>({})
  const [busy, submit] = useSubmit(onSubmit)

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault()
    const outcome = validateCloseTicket(comment, subject, ticketId)
    setErrors(outcome.ok ? {} : outcome.errors)
    if (outcome.ok) submit(outcome.payloads)
  }

  return (
    <ActionFrame title={t('ui.ticket.closeTitle', { id: ticketId, subject: ticketTitle(subject) })} onClose={onClose}>
      <form noValidate onSubmit={onFormSubmit}>
        {closed && <p className="text-body-secondary">{t('ui.ticket.alreadyClosed')}</p>}
        <CommentField value={comment} onChange={setComment} error={errors.comment} disabled={closed} />
        <FormButtons submitLabel={t('ui.ticket.closeTicket')} busy={busy || closed === true} onCancel={onClose} />
      </form>
    </ActionFrame>
  )
}
