import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { messageStore, type Message } from '../shell/messages'
import { createShortcutMatcher, keyName, SHORTCUTS } from '../input/shortcuts'

function MessageItem({ message }: { message: Message }) {
  const { t } = useTranslation()
  const close = () => messageStore.getState().close(message.id)
  const urgent = message.variant === 'danger' || message.variant === 'warning'
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={`alert alert-${message.variant} alert-dismissible shadow-sm mb-2`}
      style={{ pointerEvents: 'auto' }}
    >
      <div>{message.text}</div>
      {message.detail && <div className="mt-1">{message.detail}</div>}
      {message.actions && (
        <div className="mt-2 d-flex gap-2 justify-content-end">
          {message.actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={`btn btn-sm ${action.primary ? 'btn-primary' : 'btn-outline-secondary'}`}
              onClick={() => {
                messageStore.getState().close(message.id)
                action.onClick()
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      <button type="button" className="btn-close" aria-label={t('app.messages.close')} onClick={close} />
    </div>
  )
}

/** SPEC §9 message display; esc closes messages (SPEC §2 help panel), throttled like every shortcut. */
export function MessageArea() {
  const { t } = useTranslation()
  const messages = useStore(messageStore, (s) => s.messages)

  useEffect(() => {
    const match = createShortcutMatcher(SHORTCUTS.filter((s) => s.id === 'closeMessages'))
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || messageStore.getState().messages.length === 0) return
      if (match(keyName(event), Date.now()) === 'closeMessages') messageStore.getState().closeAll()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section
      aria-label={t('app.messages.label')}
      // A live region present before its messages, so that screen readers read each new one (issue 17).
      aria-live="polite"
      className="position-fixed top-0 end-0 p-3"
      style={{ zIndex: 1090, width: 'min(28rem, 100vw)', pointerEvents: 'none' }}
    >
      {messages.map((m) => (
        <MessageItem key={m.id} message={m} />
      ))}
    </section>
  )
}
