import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TIMELINE_EVENTS_LIMIT } from '../../shared/constants'
import { TimelinePanel } from '../../ui'
import { fetchEvents } from '../timeline/api'

/**
 * A ticket's own timeline (SPEC §7 Events: "a ticket event type is used for ticket timelines"): the
 * ticket events carrying this ticket id — created, re-opened, notes, re-acknowledged, closed — newest first.
 */
export function TicketTimeline({ ticketId, changedAt }: { ticketId: string; changedAt: number }) {
  const { t } = useTranslation()
  const [now] = useState(() => Math.floor(Date.now() / 1000))
  const events = useQuery({
    // changedAt (the ticket's last update) makes a close or a note show here at once.
    queryKey: ['events', 'ticket', ticketId, changedAt],
    queryFn: ({ signal }) =>
      fetchEvents(
        {
          types: 'ticket',
          advanced_filter: JSON.stringify([{ key: 'ticket_id', operator: 'equals', value: ticketId }]),
          limit: TIMELINE_EVENTS_LIMIT,
        },
        signal,
      ),
  })
  return (
    <TimelinePanel
      title={t('monitoring.ticketPage.notes')}
      events={events.data?.result ?? []}
      now={now}
      range={{ from: now, to: now }}
      isLoading={events.isLoading}
      isError={events.isError}
    />
  )
}
