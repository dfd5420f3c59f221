import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface ActionFrameProps {
  /** Translated title. */
  title: string
  /** SPEC §4: closing a panel resets the multi-select selection; the screen does that here. */
  onClose(): void
  children: ReactNode
}

/** The frame of every action panel of SPEC §2: a titled card with a close button. */
export function ActionFrame({ title, onClose, children }: ActionFrameProps) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <header className="card-header d-flex align-items-center">
        <h2 id={id} className="h6 mb-0">
          {title}
        </h2>
        <button type="button" className="btn-close ms-auto" aria-label={t('ui.modal.close')} onClick={onClose} />
      </header>
      <div className="card-body">{children}</div>
    </section>
  )
}
