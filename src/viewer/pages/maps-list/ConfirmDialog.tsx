import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../../ui'

export interface ConfirmDialogProps {
  title: string
  /** The question, e.g. SPEC §8 "delete map confirmation" with the alias. */
  text: string
  confirmLabel: string
  /** Runs the action; the dialog closes when it succeeds and stays (for another try) when it throws. */
  onConfirm(): Promise<void>
  onClose(): void
}

/** A confirmation before a destructive action (SPEC §2 "Deleting asks for confirmation"). */
export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      onClose()
    } catch {
      // The API client showed why (SPEC §8).
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal title={title} onClose={onClose} size="sm">
      <p>{text}</p>
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('maps.list.cancel')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
