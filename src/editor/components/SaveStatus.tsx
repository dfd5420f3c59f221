/** The saved / saving / unsaved indicator of the editor (issue 6 "never loses work"). */
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import type { Session } from '../persistence/session'

export function SaveStatus({ session }: { session: Session }) {
  const { t } = useTranslation()
  const { status, error } = useStore(session.state)
  const text =
    status === 'error'
      ? t('editor.page.status.error', { reason: t(`errors.${error}`, { defaultValue: error ?? '' }) })
      : t(`editor.page.status.${status}`)
  const colour = status === 'saved' ? 'text-success' : status === 'error' ? 'text-danger' : 'text-warning-emphasis'
  return (
    <span role="status" className={`small ${colour}`}>
      {text}
    </span>
  )
}
