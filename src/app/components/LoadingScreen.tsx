import { useTranslation } from 'react-i18next'
import { SlowLoadText } from './SlowLoadNotice'

/** What shows while the first route (guard, lazy module) loads. */
export function LoadingScreen() {
  const { t } = useTranslation()
  return (
    <div className="d-flex justify-content-center align-items-center min-vh-100">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
      <SlowLoadText active />
    </div>
  )
}
