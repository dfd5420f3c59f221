import { Fragment, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionFrame } from './ActionFrame'
import { CommentField, useSubmit } from './fields'
import { COMMENT_REQUIRED } from './target'
import { safeTicketUrl } from './ticket-form'
import { ticketLinks, type TicketInfo } from './ticket-info'
import { TicketStatusBadge } from './TicketStatusBadge'

export interface TicketViewProps {
  subject: string
  ticket: TicketInfo
  /** Opens the close-ticket panel; shown for an open ticket when given. */
  onCloseTicket?(): void
  /** SPEC §4 "note added": the note form shows for an open ticket when given. */
  onAddNote?(comment: string): Promise<unknown>
  /** SPEC §4 "update": reads the ticket from the ticket service again. */
  onUpdate?(): void
  onClose(): void
}

/** The note form of an open ticket (SPEC §4 "A closed ticket disables comment input"). */
function TicketNoteForm({ onAddNote }: { onAddNote(comment: string): Promise<unknown> }) {
  const { t } = useTranslation()
  const [comment, setComment] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, submit] = useSubmit(async ([note]: string[]) => {
    await onAddNote(note)
    setComment('')
  })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const note = comment.trim()
    setError(note ? undefined : COMMENT_REQUIRED)
    if (note) submit([note])
  }
  return (
    <form noValidate onSubmit={onSubmit} className="mb-3">
      <CommentField value={comment} onChange={setComment} error={error} />
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-outline-primary" disabled={busy} aria-busy={busy}>
          {t('ui.ticket.addNote')}
        </button>
      </div>
    </form>
  )
}

/** SPEC §2 "View ticket: status, assigned group, assignee, description, details, priority, provider, ticket id(s), link". */
export function TicketView({ subject, ticket, onCloseTicket, onAddNote, onUpdate, onClose }: TicketViewProps) {
  const { t } = useTranslation()
  const rows: [string, string | undefined][] = [
    ['group', ticket.supportGroupName],
    ['assignee', ticket.assigneeName],
    ['priority', ticket.priorityName],
    ['urgency', ticket.urgencyName],
    ['provider', ticket.provider],
    ['description', ticket.description],
    ['details', ticket.details],
  ]
  return (
    <ActionFrame title={t('ui.ticket.viewTitle', { subject })} onClose={onClose}>
      <dl className="row mb-3">
        <dt className="col-sm-3">{t('ui.ticket.fields.ids')}</dt>
        <dd className="col-sm-9">
          <ul className="list-inline mb-0">
            {ticketLinks(ticket).map(({ id, web_url }) => {
              const href = safeTicketUrl(web_url)
              return (
                <li key={id} className="list-inline-item">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {t('ui.ticket.open', { id })}
                    </a>
                  ) : (
                    id
                  )}
                </li>
              )
            })}
          </ul>
        </dd>
        {ticket.workflowStateName && (
          <>
            <dt className="col-sm-3">{t('ui.ticket.fields.status')}</dt>
            <dd className="col-sm-9">
              <TicketStatusBadge status={ticket.workflowStateName} isClosed={!!ticket.isClosed} deployment={ticket.deployment} />
            </dd>
          </>
        )}
        {rows
          .filter(([, value]) => value)
          .map(([key, value]) => (
            <Fragment key={key}>
              <dt className="col-sm-3">{t(`ui.ticket.fields.${key}`)}</dt>
              <dd className="col-sm-9 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                {value}
              </dd>
            </Fragment>
          ))}
      </dl>
      {onAddNote && !ticket.isClosed && <TicketNoteForm onAddNote={onAddNote} />}
      <div className="d-flex justify-content-end gap-2">
        {onUpdate && (
          <button type="button" className="btn btn-outline-secondary" onClick={onUpdate}>
            {t('ui.ticket.update')}
          </button>
        )}
        {onCloseTicket && !ticket.isClosed && (
          <button type="button" className="btn btn-outline-danger" onClick={onCloseTicket}>
            {t('ui.ticket.closeTicket')}
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('ui.modal.close')}
        </button>
      </div>
    </ActionFrame>
  )
}
