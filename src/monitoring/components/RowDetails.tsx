import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AgeText, formatDateTime, fromUnix } from '../../ui'
import { hostPath } from '../links'
import { isHost, type MonitoredRow } from '../model'
import { ChildBadges } from './ChildBadges'

export interface RowDetailsProps {
  row: MonitoredRow
  /** Milliseconds; ages move with the screen's clock. */
  now: number
  /** Shown with the SPEC §6 schedule right (rescheduling is an operator's action). */
  onReschedule?(row: MonitoredRow): void
}

const DASH = '—'

/**
 * SPEC §2 host table expanded row: monitoring IP, description, state details, parent hosts, child hosts,
 * extended output (dash if none), last check (stale badge and danger colour if stale), next check (hidden
 * when check_type is "1"), age bold under 600 s. Resources show the state fields of the same list.
 */
export function RowDetails({ row, now, onReschedule }: RowDetailsProps) {
  const { t } = useTranslation()
  const time = (unix: number | null) => (unix === null ? DASH : formatDateTime(fromUnix(unix)))
  const fields: [string, ReactNode][] = []
  if (isHost(row)) {
    fields.push(['monitoringIp', row.ip_address || DASH], ['description', row.description || DASH])
  }
  fields.push(['stateDetails', row.state_details || DASH])
  if (isHost(row)) {
    fields.push([
      'parents',
      row.parents.length ? (
        <ul className="list-inline mb-0">
          {row.parents.map((p) => (
            <li key={p} className="list-inline-item">
              <Link to={hostPath(p, 'resources')}>{p}</Link>
            </li>
          ))}
        </ul>
      ) : (
        DASH
      ),
    ])
    fields.push(['children', <ChildBadges host={row.name} />])
  }
  fields.push(['extendedOutput', row.extended_output ? <pre className="mb-0 text-wrap small">{row.extended_output}</pre> : DASH])
  fields.push([
    'lastCheck',
    <span className={row.is_stale ? 'text-danger' : undefined}>
      {time(row.last_check)}
      {row.is_stale && <span className="badge text-bg-danger ms-2">{t('ui.decorations.stale')}</span>}
    </span>,
  ])
  // SPEC §2: a passive check (check_type "1") has no next check to show.
  if (row.check_type !== '1') fields.push(['nextCheck', time(row.next_check)])
  fields.push(['age', row.last_state_change === null ? DASH : <AgeText since={row.last_state_change} now={now} />])

  return (
    <div className="d-flex flex-wrap align-items-start gap-3">
      <dl className="row mb-0 flex-grow-1 small">
        {fields.map(([key, value]) => (
          <Fragment key={key}>
            <dt className="col-sm-3 col-lg-2">{t(`monitoring.details.${key}`)}</dt>
            <dd className="col-sm-9 col-lg-10 text-break">{value}</dd>
          </Fragment>
        ))}
      </dl>
      {onReschedule && row.allowed_actions.includes('schedule_downtime') && (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onReschedule(row)}>
          {t('monitoring.actions.reschedule')}
        </button>
      )}
    </div>
  )
}
