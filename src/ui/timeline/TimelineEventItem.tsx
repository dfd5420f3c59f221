import { useTranslation } from 'react-i18next'
import type { TimelineEvent } from '../../shared/api/events'
import { StateBadge } from '../decorations/StateBadge'
import { isRecent } from './timeline-model'
import { useWhen } from './use-when'

export interface TimelineEventItemProps {
  event: TimelineEvent
  /** Unix seconds now. */
  now: number
  /** A link for the event's subject (host or resource page), when the screen has one. */
  subjectHref?(event: TimelineEvent): string | undefined
  /** In the upcoming panel; a past event is never written as ahead of now (clock skew). */
  upcoming?: boolean
}

/** What an acknowledgement event says of its options (issue 17): sticky, notify, expiry, persistent comment. */
function AcknowledgementOptions({ data }: { data: Record<string, unknown> }) {
  const { t } = useTranslation()
  const when = useWhen()
  const parts = [
    data.persistent === true && t('ui.acknowledge.persistent'),
    data.notify === true && t('ui.acknowledgements.notified'),
    data.persistent_comment === true && t('ui.acknowledgements.persistentComment'),
    typeof data.expire_time === 'number' && t('ui.acknowledge.expires', { time: when.absolute(data.expire_time) }),
  ].filter((p): p is string => typeof p === 'string')
  return parts.length ? <div className="small mt-1">{parts.join(' · ')}</div> : null
}

/**
 * One event of a panel (SPEC §3 Timeline event): time, type, state with HARD/SOFT (SPEC §4) or status,
 * subject, message, comment and who. Events under 600 s old are highlighted as recent (SPEC §4).
 */
export function TimelineEventItem({ event: e, now, subjectHref, upcoming = false }: TimelineEventItemProps) {
  const { t } = useTranslation()
  const when = useWhen()
  const recent = isRecent(e, now)
  const href = subjectHref?.(e)
  const subject =
    e.resource_id !== null && e.host_name && e.subject_name !== e.host_name
      ? `${e.host_name} › ${e.subject_name}`
      : e.subject_name || e.host_name
  const who = e.user_full_name || e.username
  const stateType = e.state_type === 'HARD' ? 'hard' : e.state_type === 'SOFT' ? 'soft' : undefined
  return (
    <li className={`list-group-item d-flex gap-3${recent ? ' list-group-item-warning' : ''}`}>
      <div className="text-nowrap small" style={{ minWidth: '7rem' }}>
        <time
          dateTime={new Date(e.display_time * 1000).toISOString()}
          title={when.absolute(e.display_time)}
          className={recent ? 'fw-bold' : undefined}
        >
          {when.absolute(e.display_time).slice(11)}
        </time>
        <div className="text-body-secondary">{when.relative(e.display_time, now, !upcoming)}</div>
      </div>
      <div className="flex-grow-1 text-break">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="badge text-bg-light border">{t(`monitoring.timeline.types.${e.type}`, { defaultValue: e.type })}</span>
          {e.type === 'state_change' ? (
            <StateBadge kind={e.event_class === 'host_event' ? 'host' : 'resource'} state={e.status} stateType={stateType} lowercase />
          ) : (
            e.status && (
              <span className="badge text-bg-secondary">{t(`monitoring.timeline.status.${e.status}`, { defaultValue: e.status })}</span>
            )
          )}
          {e.is_flapping && <span className="badge text-bg-info">{t('monitoring.timeline.flapping')}</span>}
          {recent && <span className="badge text-bg-warning">{t('monitoring.timeline.recent')}</span>}
          {href ? (
            <a href={href} className="fw-semibold">
              {subject}
            </a>
          ) : (
            <span className="fw-semibold">{subject}</span>
          )}
        </div>
        {e.message && <div className="small font-monospace mt-1">{e.message}</div>}
        {e.type === 'downtime' && e.end_time !== null && (
          <div className="small mt-1">
            {t('monitoring.timeline.window', { start: when.absolute(e.start_time), end: when.absolute(e.end_time) })}
            {e.is_flexible && e.duration !== null && ` (${t('monitoring.timeline.flexible', { minutes: Math.round(e.duration / 60) })})`}
          </div>
        )}
        {e.type === 'acknowledgement' && <AcknowledgementOptions data={e.extra_data} />}
        {e.ticket_id && <div className="small mt-1">{t('monitoring.timeline.ticket', { id: e.ticket_id })}</div>}
        {(e.comment || who) && (
          <div className="small text-body-secondary mt-1">
            {e.comment && <q>{e.comment}</q>}
            {who && <span className={e.comment ? 'ms-2' : undefined}>{t('monitoring.timeline.by', { user: who })}</span>}
          </div>
        )}
      </div>
    </li>
  )
}
