import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'

export interface NotFoundPageProps {
  /** SPEC §2: two variants, page not found (unknown route) and content not found (API 404, SPEC §8). */
  variant?: 'page' | 'content'
}

export function NotFoundPage({ variant = 'page' }: NotFoundPageProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const base = variant === 'page' ? 'app.pages.notFound' : 'app.pages.contentNotFound'
  return (
    <section className="container py-5" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="h3">
        {t(`${base}.title`)}
      </h1>
      <p className="text-body-secondary">{t(`${base}.text`, { path: location.pathname })}</p>
      <Link to="/" className="btn btn-primary">
        {t('app.pages.goHome')}
      </Link>
    </section>
  )
}
