import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** SPEC §4 route guard 5 (module check) and SPEC §8 (HTTP 403): the not-authorized page. */
export function NotAuthorizedPage() {
  const { t } = useTranslation()
  return (
    <section className="container py-5" aria-labelledby="not-authorized-title">
      <h1 id="not-authorized-title" className="h3">
        {t('app.pages.notAuthorized.title')}
      </h1>
      <p className="text-body-secondary">{t('app.pages.notAuthorized.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('app.pages.goHome')}
      </Link>
    </section>
  )
}
