import { useTranslation } from 'react-i18next'
import type { Risk } from '../../shared/api/risks'
import { formatDateTime, safeTicketUrl, TicketStatusBadge } from '../../ui'
import { useRiskTickets } from '../api'

const when = (unix: number) => formatDateTime(new Date(unix * 1000))

/**
 * SPEC §2 "per-item details and tickets": the risk's tickets, read-only. The monitoring feature's ticket panels
 * and mutations are not part of its public surface (src/monitoring/index.ts), so creating and closing stay with
 * the risk ticket API (SPEC §7 risks/{risk_id}/tickets) for now, and the section says so.
 */
export function RiskTickets({ risk }: { risk: Risk }) {
  const { t } = useTranslation()
  const allowed = risk.allowed_actions.includes('view_ticket')
  const tickets = useRiskTickets(risk.id, allowed)
  return (
    <section aria-labelledby={`risk-${risk.id}-tickets`}>
      <h3 id={`risk-${risk.id}-tickets`} className="h6 mt-3">
        {t('risks.tickets.title')}
      </h3>
      <p className="small text-body-secondary">{t('risks.tickets.readOnly')}</p>
      {!allowed ? (
        <p>{t('risks.tickets.notAllowed')}</p>
      ) : tickets.data && tickets.data.result.length === 0 ? (
        <p>{t('risks.tickets.none')}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {tickets.data?.result.map((ticket) => {
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
      )}
    </section>
  )
}
