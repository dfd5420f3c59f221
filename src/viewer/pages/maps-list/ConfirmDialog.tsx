import { useTranslation } from 'react-i18next'
import { Modal } from '../../../ui'

export interface ConfirmDialogProps {
  title: string
  /** The question, e.g. SPEC §8 "delete map confirmation" with the alias. */
  text: string
  confirmLabel: string
  /** The confirmed write is running (the mutation's `isPending`): the button waits. */
  isPending: boolean
  /** Starts the write; the caller closes the dialog when it succeeds, and it stays (for another try) when not. */
  onConfirm(): void
  onClose(): void
}

/** A confirmation before a destructive action (SPEC §2 "Deleting asks for confirmation"). */
export function ConfirmDialog({ title, text, confirmLabel, isPending, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal title={title} onClose={onClose} size="sm">
      <p>{text}</p>
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('maps.list.cancel')}
        </button>
        <button type="button" className="btn btn-danger" disabled={isPending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
