/**
 * Where the map's lock is, when this tab does not hold it (SPEC §2 "A map locked by another user cannot be
 * edited", issue 18): another user has it; the same user has it in another tab or session, which this tab may
 * take over; or this tab lost it, kept its work, and may take it back.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { formatDateTime } from '../../ui'
import type { LockHolder } from '../persistence/lock-holder'
import type { Session } from '../persistence/session'

const timeOf = (since: number) => (since > 0 ? formatDateTime(new Date(since * 1000)) : '')

function Notice({ text, action, onAction }: { text: string; action?: string; onAction?(): unknown }) {
  const [busy, setBusy] = useState(false)
  return (
    <div className="alert alert-warning py-1 px-2 m-1 small d-flex align-items-center gap-2" role="alert">
      <span>{text}</span>
      {action && onAction && (
        <button
          type="button"
          className="btn btn-sm btn-warning ms-auto"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void Promise.resolve(onAction()).finally(() => setBusy(false))
          }}
        >
          {action}
        </button>
      )}
    </div>
  )
}

/** A tab that opened the map while the lock was held elsewhere. */
export function HeldElsewhere({ holder, onTakeOver }: { holder: LockHolder; onTakeOver(): void }) {
  const { t } = useTranslation()
  if (!holder.sameUser) return <Notice text={t('editor.page.lockedBy', { username: holder.username })} />
  return (
    <Notice text={t('editor.lock.elsewhere', { time: timeOf(holder.since) })} action={t('editor.lock.takeOver')} onAction={onTakeOver} />
  )
}

/** A tab that held the lock and lost it: its work stays, and it may take the lock back unless another user has it. */
export function LockLost({ session, onTakeBack }: { session: Session; onTakeBack(): Promise<void> }) {
  const { t } = useTranslation()
  const lost = useStore(session.state, (s) => s.lost)
  if (!lost) return null
  const holder = lost.holder
  const where = !holder
    ? t('editor.lock.expired')
    : holder.sameUser
      ? t('editor.lock.takenBySelf', { time: timeOf(holder.since) })
      : t('editor.lock.takenBy', { username: holder.username })
  const text = `${where} ${t('editor.lock.kept')}`
  return holder && !holder.sameUser ? (
    <Notice text={text} />
  ) : (
    <Notice text={text} action={t('editor.lock.takeBack')} onAction={onTakeBack} />
  )
}
