import { useTranslation } from 'react-i18next'
import { formatDateTime, fromUnix } from '../date/date-time'
import { ActionFrame } from './ActionFrame'

/** The fields of an acknowledgement this view shows; the API's `Acknowledgement` (shared/api) has them. */
export interface AcknowledgementInfo {
  comment: string
  /** Sticky: until OK/UP. */
  persistent: boolean
  notify?: boolean
  /** Unix seconds. */
  expire_time?: number | null
  persistent_comment?: boolean
  user_full_name?: string
  /** Unix seconds. */
  created_time?: number
  /** Set for an ended acknowledgement kept for its persistent comment. */
  ended_time?: number | null
}

export interface AcknowledgementsViewProps {
  /** "host" or "host – resource". */
  subject: string
  acknowledgements: readonly AcknowledgementInfo[]
  /** SPEC §4 "remove"; the button shows only with it (the screen checks add_acknowledgement). */
  onRemove?(): void
  onClose(): void
}

function AcknowledgementItem({ ack }: { ack: AcknowledgementInfo }) {
  const { t } = useTranslation()
  const badges = [
    ack.persistent && t('ui.acknowledge.persistent'),
    ack.notify && t('ui.acknowledgements.notified'),
    ack.persistent_comment && t('ui.acknowledgements.persistentComment'),
    ack.expire_time && t('ui.acknowledge.expires', { time: formatDateTime(fromUnix(ack.expire_time)) }),
  ].filter((b): b is string => typeof b === 'string')
  return (
    <li className="list-group-item">
      <p className="mb-1 text-break">{ack.comment}</p>
      <small className="text-body-secondary">
        {[ack.user_full_name, ack.created_time !== undefined ? formatDateTime(fromUnix(ack.created_time)) : null]
          .filter(Boolean)
          .join(' · ')}
        {badges.map((b) => (
          <span key={b} className="badge text-bg-info ms-2">
            {b}
          </span>
        ))}
      </small>
    </li>
  )
}

/** SPEC §2 "View acknowledgements": the one in effect with its options, then comments kept after earlier ones ended. */
export function AcknowledgementsView({ subject, acknowledgements, onRemove, onClose }: AcknowledgementsViewProps) {
  const { t } = useTranslation()
  const current = acknowledgements.filter((a) => a.ended_time == null)
  const earlier = acknowledgements.filter((a) => a.ended_time != null)
  return (
    <ActionFrame title={t('ui.acknowledgements.title', { subject })} onClose={onClose}>
      {current.length === 0 ? (
        <p>{t('ui.acknowledgements.none')}</p>
      ) : (
        <ul className="list-group mb-3">
          {current.map((ack, i) => (
            <AcknowledgementItem key={i} ack={ack} />
          ))}
        </ul>
      )}
      {earlier.length > 0 && (
        <>
          <h3 className="h6">{t('ui.acknowledgements.earlier')}</h3>
          <ul className="list-group mb-3">
            {earlier.map((ack, i) => (
              <AcknowledgementItem key={i} ack={ack} />
            ))}
          </ul>
        </>
      )}
      <div className="d-flex justify-content-end gap-2">
        {onRemove && current.length > 0 && (
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
