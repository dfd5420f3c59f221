import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'

/** SPEC §4 route guard 4 / §8: a current-user failure other than 401 marks the API as down. */
export function ApiDownScreen() {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  return (
    <main className="container py-5">
      <div role="alert" className="alert alert-danger">
        <h1 className="h4">{t('app.pages.apiDown.title')}</h1>
        <p>{t('app.pages.apiDown.text')}</p>
        <button
          type="button"
          className="btn btn-danger"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('app.pages.apiDown.retry')}
        </button>
      </div>
    </main>
  )
}
