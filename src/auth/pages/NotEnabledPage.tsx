import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useScreenKey } from '../../ui'

/** Two-factor, enrolment, forgot password and cloud login: not enabled on this server yet (SPEC §2). */
export function NotEnabledPage() {
  const { t } = useTranslation()
  const screen = useScreenKey()
  return (
    <main className="container py-5" style={{ maxWidth: '32rem' }}>
      <h1 className="h3">{screen ? t(screen) : ''}</h1>
      <p role="status" className="alert alert-info">
        {t('auth.notEnabled.text')}
      </p>
      <Link to="/login" className="btn btn-primary">
        {t('auth.notEnabled.back')}
      </Link>
    </main>
  )
}
