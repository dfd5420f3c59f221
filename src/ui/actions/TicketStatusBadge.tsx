import { useTranslation } from 'react-i18next'
import type { Deployment } from '../../shared/api/ticket-providers'

export interface TicketStatusBadgeProps {
  /** the ticket system's own status name (SPEC §3 workflowStateName) */
  status: string
  isClosed: boolean
  deployment?: Deployment
}

// Acceptance, test, development and local each in their own colour; production is not marked.
const DEPLOYMENT_VARIANT: Record<Exclude<Deployment, 'production'>, string> = {
  acceptance: 'warning',
  test: 'info',
  development: 'success',
  local: 'dark',
}

/**
 * SPEC §3 "The service ticket status is shown as deployment environments, colour-coded (acceptance, test,
 * development, local)": a ticket of a non-production ticket system shows its status in that deployment's colour,
 * named; a production one is blue while open and grey once closed.
 */
export function TicketStatusBadge({ status, isClosed, deployment = 'production' }: TicketStatusBadgeProps) {
  const { t } = useTranslation()
  if (deployment === 'production') return <span className={`badge text-bg-${isClosed ? 'secondary' : 'primary'}`}>{status}</span>
  return (
    <span className={`badge text-bg-${DEPLOYMENT_VARIANT[deployment]}`} title={t('ui.ticket.deploymentTitle')}>
      {t('ui.ticket.statusIn', { status, deployment: t(`ui.ticket.deployments.${deployment}`) })}
    </span>
  )
}
