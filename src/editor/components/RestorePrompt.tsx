/** "Restore unsaved changes from <time>?" when IndexedDB holds edits the server's draft lacks (issue 6). */
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { Modal, formatDateTime } from '../../ui'
import type { Session } from '../persistence/session'

export function RestorePrompt({ session }: { session: Session }) {
  const { t } = useTranslation()
  const offer = useStore(session.state, (s) => s.restore)
  if (!offer) return null
  const time = offer.time ? formatDateTime(new Date(offer.time)) : '?'
  return (
    <Modal title={t('editor.page.restoreTitle')} onClose={() => session.resolveRestore(false)}>
      <p>{t('editor.page.restore', { time })}</p>
      <div className="d-flex gap-2 justify-content-end">
        <button type="button" className="btn btn-secondary" onClick={() => session.resolveRestore(false)}>
          {t('editor.page.restoreNo')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => session.resolveRestore(true)}>
          {t('editor.page.restoreYes')}
        </button>
      </div>
    </Modal>
  )
}
