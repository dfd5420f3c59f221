import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { api } from '../../app/api'
import { Ticket } from '../../shared/api/tickets'
import { CloseTicketPanel, TicketView } from '../../ui'
import { closeTicketCall, runCloseTicket, ticketKeys } from '../../app/actions'
import { finish } from '../actions/run'
import { LoadingAction } from '../actions/ViewActions'
import { monitoringKeys } from '../api'
import { hostPath, resourcePath } from '../links'
import { HostRow, ResourceRow, subjectName, ticketSubject, type MonitoredRow } from '../model'
import { TicketTimeline } from './TicketTimeline'

/** The host or resource a ticket is about (SPEC §7 hosts/{id}, resources/{id}). */
function useTicketSubject(ticket: Ticket | undefined) {
  return useQuery({
    queryKey: [...monitoringKeys.subjects(), 'ticket-subject', ticket?.host_id, ticket?.resource_id],
    enabled: ticket !== undefined,
    queryFn: ({ signal }): Promise<MonitoredRow> =>
      ticket!.resource_id === null
        ? api.request(`hosts/${ticket!.host_id}`, { schema: HostRow, signal })
        : api.request(`resources/${ticket!.resource_id}`, { schema: ResourceRow, signal }),
  })
}

/**
 * /tickets/{ticket_id}: the Vigil page a built-in service-desk ticket's web_url points at (SPEC §3 Ticket
 * web_url): the SPEC §2 ticket view, its own timeline, and closing it (SPEC §4, comment required, create_ticket).
 */
export function TicketPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const ticketId = useParams().ticket_id ?? ''
  const [closing, setClosing] = useState(false)
  const ticket = useQuery({
    queryKey: ticketKeys.one(ticketId),
    queryFn: ({ signal }) => api.request(`tickets/${encodeURIComponent(ticketId)}`, { schema: Ticket, signal }),
  })
  const subject = useTicketSubject(ticket.data)
  const row = subject.data
  const subjectHref =
    row && (row.monitoring_type === 'host' ? hostPath(row.name, 'status') : resourcePath(row.host_name, row.display_name, 'status'))

  return (
    <section className="container-fluid py-3">
      <h1 className="h4 mb-3">{t('monitoring.ticketPage.title', { id: ticketId })}</h1>
      {!ticket.data || !row ? (
        <LoadingAction query={ticket.isError ? ticket : subject} />
      ) : (
        <>
          <p>
            <Link to={subjectHref!}>{subjectName(row)}</Link>
          </p>
          {closing ? (
            <CloseTicketPanel
              subject={ticketSubject(row)}
              ticketId={ticketId}
              closed={ticket.data.isClosed}
              onClose={() => setClosing(false)}
              onSubmit={async ([payload]) => {
                await runCloseTicket(closeTicketCall(payload), () => finish([row], false))
                await ticket.refetch()
                setClosing(false)
              }}
            />
          ) : (
            <TicketView
              subject={subjectName(row)}
              ticket={ticket.data}
              onClose={() => void navigate(subjectHref!)}
              onCloseTicket={row.allowed_actions.includes('create_ticket') ? () => setClosing(true) : undefined}
            />
          )}
          <TicketTimeline ticketId={ticketId} changedAt={ticket.dataUpdatedAt} />
        </>
      )}
    </section>
  )
}
