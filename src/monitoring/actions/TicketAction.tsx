import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { closeTicketCall, runCloseTicket, runCreateTickets, runTicketNote, ticketCall, ticketNoteCall, useTicket } from '../../app/actions'
import { CloseTicketPanel, CreateTicketPanel, TicketView } from '../../ui'
import { isProblem, subjectName, ticketSubject } from '../model'
import { reacknowledgeCall, rowBase } from './requests'
import { finish } from './run'
import { LoadingAction, type ViewActionProps } from './ViewActions'

const ignore = () => {}

/**
 * SPEC §2 "View ticket" of a row's current ticket (SPEC §3: the last id), and the SPEC §4 ticket flow from
 * there: close (asks for a reason), re-acknowledge an open ticket of an unacknowledged problem (comment
 * "Re-acknowledged"), re-open a closed one (recreated), add a note to an open one, and update (reload) what
 * the ticket service says of it. Each write needs create_ticket (SPEC §6).
 */
export function TicketAction({ row, onDone, onClose }: ViewActionProps) {
  const { t } = useTranslation()
  const ticketId = row.tickets[row.tickets.length - 1]
  const [step, setStep] = useState<'view' | 'close' | 'reopen'>('view')
  const ticket = useTicket(rowBase(row), ticketId)
  const after = () => finish([row], false)
  if (!ticket.data) return <LoadingAction query={ticket} />
  const canAct = row.allowed_actions.includes('create_ticket')
  const handleable = canAct && isProblem(row) && !row.acknowledged
  const subject = ticketSubject(row)

  if (step === 'close') {
    return (
      <CloseTicketPanel
        subject={subject}
        ticketId={ticketId}
        closed={ticket.data.isClosed}
        onClose={() => setStep('view')}
        onSubmit={async ([payload]) => {
          await runCloseTicket(closeTicketCall(payload), after)
          onDone()
        }}
      />
    )
  }
  if (step === 'reopen') {
    return (
      <CreateTicketPanel
        subjects={[subject]}
        ticketInfo={{ description: ticket.data.description, priorityName: ticket.data.priorityName }}
        onClose={() => setStep('view')}
        onSubmit={async (payloads) => {
          await runCreateTickets(payloads.map(ticketCall), after)
          onDone()
        }}
      />
    )
  }
  return (
    <>
      <TicketView
        subject={subjectName(row)}
        ticket={ticket.data}
        onClose={onClose}
        onCloseTicket={canAct ? () => setStep('close') : undefined}
        onAddNote={
          canAct
            ? async (comment) => {
                await runTicketNote(ticketNoteCall(rowBase(row), ticketId, comment), ticketId, after)
                await ticket.refetch()
              }
            : undefined
        }
        onUpdate={() => void ticket.refetch()}
      />
      {handleable && (
        <div className="d-flex justify-content-end gap-2 mb-3">
          {ticket.data.isClosed ? (
            <button type="button" className="btn btn-outline-primary" onClick={() => setStep('reopen')}>
              {t('monitoring.actions.reopenTicket')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => void runCreateTickets([reacknowledgeCall(row)], after).then(onDone, ignore)}
            >
              {t('monitoring.actions.reacknowledge')}
            </button>
          )}
        </div>
      )}
    </>
  )
}
