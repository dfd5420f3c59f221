import { useTranslation } from 'react-i18next'
import { formatDateTime, fromUnix } from '../date/date-time'
import { ActionFrame } from './ActionFrame'

/** The fields of an acknowledgement this view shows; the API's `Acknowledgement` (shared/api) has them. */
export interface AcknowledgementInfo {
  comment: string
  persistent: boolean
  user_full_name?: string
  /** Unix seconds. */
  created_time?: number
}

export interface AcknowledgementsViewProps {
  /** "host" or "host – resource". */
  subject: string
  acknowledgements: readonly AcknowledgementInfo[]
  /** SPEC §4 "remove"; the button shows only with it (the screen checks add_acknowledgement). */
  onRemove?(): void
  onClose(): void
}

/** SPEC §2 "View acknowledgements". */
export function AcknowledgementsView({ subject, acknowledgements, onRemove, onClose }: AcknowledgementsViewProps) {
  const { t } = useTranslation()
  return (
    <ActionFrame title={t('ui.acknowledgements.title', { subject })} onClose={onClose}>
      {acknowledgements.length === 0 ? (
        <p>{t('ui.acknowledgements.none')}</p>
      ) : (
        <ul className="list-group mb-3">
          {acknowledgements.map((ack, i) => (
            <li key={i} className="list-group-item">
              <p className="mb-1 text-break">{ack.comment}</p>
              <small className="text-body-secondary">
                {[ack.user_full_name, ack.created_time !== undefined ? formatDateTime(fromUnix(ack.created_time)) : null]
                  .filter(Boolean)
                  .join(' · ')}
                {ack.persistent && <span className="badge text-bg-info ms-2">{t('ui.acknowledge.persistent')}</span>}
              </small>
            </li>
          ))}
        </ul>
      )}
      <div className="d-flex justify-content-end gap-2">
        {onRemove && acknowledgements.length > 0 && (
          <button type="button" className="btn btn-outline-danger" onClick={onRemove}>
            {t('ui.acknowledgements.remove')}
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('ui.modal.close')}
        </button>
      </div>
    </ActionFrame>
  )
}
