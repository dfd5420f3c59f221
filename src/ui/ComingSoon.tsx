import { useTranslation } from 'react-i18next'

export interface ComingSoonProps {
  /** The screen's translated name. */
  screen: string
}

/** A screen that a later release builds: names the screen so each SPEC §2 route visibly resolves. */
export function ComingSoon({ screen }: ComingSoonProps) {
  const { t } = useTranslation()
  return (
    <section className="container-fluid py-4" aria-labelledby="screen-title">
      <span className="badge text-bg-secondary mb-2">{t('ui.comingSoon.badge')}</span>
      <h1 id="screen-title" className="h3">
        {screen}
      </h1>
      <p className="text-body-secondary">{t('ui.comingSoon.text', { screen })}</p>
    </section>
  )
}
