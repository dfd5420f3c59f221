import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime, fromUnix } from '../date/date-time'
import { ActionFrame } from './ActionFrame'

/** The fields of a maintenance this view shows; the API's `Downtime` (shared/api) has them. */
export interface MaintenanceInfo {
  start_time: number
  end_time: number
  comment: string
  is_flexible: boolean
  /** Seconds. */
  duration: number
  user_full_name?: string
  /** SCHEDULED until it starts (a flexible one: until a problem starts it), then STARTED. */
  status: 'SCHEDULED' | 'STARTED' | 'STOPPED' | 'CANCELLED'
}

export interface MaintenanceViewProps {
  subject: string
  downtimes: readonly MaintenanceInfo[]
  /** SPEC §1 "remove all maintenance"; the button shows only with it (schedule_downtime). */
  onRemoveAll?(): void
  onClose(): void
}

/** SPEC §2 "View maintenance, with a remove-all confirmation" (SPEC §8 confirmation). */
export function MaintenanceView({ subject, downtimes, onRemoveAll, onClose }: MaintenanceViewProps) {
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  return (
    <ActionFrame title={t('ui.maintenanceView.title', { subject })} onClose={onClose}>
      {downtimes.length === 0 ? (
        <p>{t('ui.maintenanceView.none')}</p>
      ) : (
        <ul className="list-group mb-3">
          {downtimes.map((d, i) => (
            <li key={i} className="list-group-item">
              <div>
                <span className="badge text-bg-secondary me-2">{t(`ui.maintenanceView.status.${d.status}`)}</span>
                {formatDateTime(fromUnix(d.start_time))} – {formatDateTime(fromUnix(d.end_time))}
              </div>
              {d.is_flexible && <div className="small">{t('ui.maintenanceView.flexible', { minutes: Math.round(d.duration / 60) })}</div>}
              <p className="mb-0 text-break">{d.comment}</p>
              {d.user_full_name && <small className="text-body-secondary">{d.user_full_name}</small>}
            </li>
          ))}
        </ul>
      )}
      {confirming ? (
        <div className="alert alert-warning" role="alertdialog" aria-label={t('ui.maintenanceView.confirmTitle')}>
          <p>{t('ui.maintenanceView.confirm', { subject })}</p>
          <div className="d-flex justify-content-end gap-2">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
              {t('ui.actions.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setConfirming(false)
                onRemoveAll?.()
              }}
            >
              {t('ui.maintenanceView.confirmYes')}
            </button>
          </div>
        </div>
      ) : (
        <div className="d-flex justify-content-end gap-2">
          {onRemoveAll && downtimes.length > 0 && (
            <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
              {t('ui.maintenanceView.removeAll')}
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('ui.modal.close')}
          </button>
        </div>
      )}
    </ActionFrame>
  )
}
