import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ticketFlow, ticketKeys, ticketObjectPath, useTicketList } from '../../app/actions'
import { queryClient } from '../../app/api'
import type { Risk } from '../../shared/api/risks'
import type { Ticket } from '../../shared/api/tickets'
import {
  CloseTicketPanel,
  CreateTicketPanel,
  formatDateTime,
  safeTicketUrl,
  TicketStatusBadge,
  TicketView,
  type TicketSubject,
} from '../../ui'
import { riskKeys } from '../api'

const when = (unix: number) => formatDateTime(new Date(unix * 1000))

export interface RiskTicketsProps {
  risk: Risk
  /** closes the risk's dialog (the ticket view's own close button) */
  onClose(): void
}

/**
 * SPEC §2 "per-item details and tickets": the risk's tickets, and the SPEC §4 ticket flow on them with
 * create_ticket (SPEC §6; without it no button shows, and the server refuses anyway): create (re-open once the
 * current one is closed), a note on the open one, update, and close with a reason. The SPEC §6 ticket-allowed flag
 * and an open current ticket say why creating is not offered, in the SPEC §8 refusal texts.
 */
export function RiskTickets({ risk, onClose }: RiskTicketsProps) {
  const { t } = useTranslation()
  const object = ticketObjectPath({ risk_id: risk.id })
  const canView = risk.allowed_actions.includes('view_ticket')
  const canAct = risk.allowed_actions.includes('create_ticket')
  const tickets = useTicketList(object, canView)
  const [panel, setPanel] = useState<'create' | 'close' | null>(null)
  const all = tickets.data?.result ?? []
  // SPEC §3: the last ticket is the current one.
  const current = all.at(-1)
  const open = current && !current.isClosed ? current : undefined
  const subject: TicketSubject = {
    risk_id: risk.id,
    hostgroup_id: risk.hostgroup_id,
    name: risk.host_name,
    resource_name: risk.plugin_name,
  }
  const flow = ticketFlow(object, () => {
    void queryClient.invalidateQueries({ queryKey: ticketKeys.all })
    void queryClient.invalidateQueries({ queryKey: riskKeys.all })
  })

  return (
    <section aria-labelledby={`risk-${risk.id}-tickets`}>
      <h3 id={`risk-${risk.id}-tickets`} className="h6 mt-3">
        {t('risks.tickets.title')}
      </h3>
      {panel === 'create' ? (
        <CreateTicketPanel
          subjects={[subject]}
          ticketInfo={current && { description: current.description, priorityName: current.priorityName }}
          onClose={() => setPanel(null)}
          onSubmit={async (payloads) => {
            await flow.create(payloads)
            setPanel(null)
          }}
        />
      ) : panel === 'close' && open ? (
        <CloseTicketPanel
          subject={subject}
          ticketId={open.ticket_id}
          closed={false}
          onClose={() => setPanel(null)}
          onSubmit={async ([payload]) => {
            await flow.close(payload)
            setPanel(null)
          }}
        />
      ) : (
        open && (
          <TicketView
            subject={`${risk.host_name} – ${risk.plugin_name}`}
            ticket={open}
            onClose={onClose}
            onCloseTicket={canAct ? () => setPanel('close') : undefined}
            onAddNote={canAct ? (comment) => flow.note(open.ticket_id, comment) : undefined}
            onUpdate={() => void tickets.refetch()}
          />
        )
      )}
      {!canView ? (
        <p>{t('risks.tickets.notAllowed')}</p>
      ) : tickets.data && all.length === 0 ? (
        <p>{t('risks.tickets.none')}</p>
      ) : (
        <TicketHistory tickets={all.filter((tk) => tk !== open)} />
      )}
      {canAct && panel === null && <CreateTicket risk={risk} open={open} onCreate={() => setPanel('create')} />}
    </section>
  )
}

/** The create button, or why there is none: no host to open it on, or the current ticket is still open (SPEC §8). */
function CreateTicket({ risk, open, onCreate }: { risk: Risk; open: Ticket | undefined; onCreate(): void }) {
  const { t } = useTranslation()
  if (open)
    return <p className="small text-body-secondary">{t('errorReasons.ticket_add_failed.ticket_open', { ticket_id: open.ticket_id })}</p>
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <button type="button" className="btn btn-outline-primary" disabled={!risk.ticket_allowed} onClick={onCreate}>
        {t('ui.actions.labels.create_ticket')}
      </button>
      {!risk.ticket_allowed && (
        <span className="small text-body-secondary">{t('errorReasons.ticket_add_failed.no_host_info', { host_name: risk.host_name })}</span>
      )}
    </div>
  )
}

/** Tickets other than the open one: id with its link, status, assignee, priority, created and closed. */
function TicketHistory({ tickets }: { tickets: Ticket[] }) {
  const { t } = useTranslation()
  return (
    <ul className="list-unstyled mb-2">
      {tickets.map((ticket) => {
        const href = safeTicketUrl(ticket.web_url)
        return (
          <li key={ticket.ticket_id} className="border rounded p-2 mb-2">
            <div className="d-flex flex-wrap align-items-center gap-2">
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {t('ui.ticket.open', { id: ticket.ticket_id })}
                </a>
              ) : (
                t('ui.ticket.open', { id: ticket.ticket_id })
              )}
              <TicketStatusBadge status={ticket.workflowStateName} isClosed={ticket.isClosed} deployment={ticket.deployment} />
            </div>
            <dl className="row small mb-0 mt-1">
              {ticket.assigneeName && (
                <>
                  <dt className="col-sm-4">{t('ui.ticket.fields.assignee')}</dt>
                  <dd className="col-sm-8">{ticket.assigneeName}</dd>
                </>
              )}
              {ticket.priorityName && (
                <>
                  <dt className="col-sm-4">{t('ui.ticket.fields.priority')}</dt>
                  <dd className="col-sm-8">{ticket.priorityName}</dd>
                </>
              )}
              <dt className="col-sm-4">{t('risks.tickets.created')}</dt>
              <dd className="col-sm-8">{when(ticket.created_time)}</dd>
              {ticket.closed_time !== null && (
                <>
                  <dt className="col-sm-4">{t('risks.tickets.closed')}</dt>
                  <dd className="col-sm-8">{when(ticket.closed_time)}</dd>
                </>
              )}
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
