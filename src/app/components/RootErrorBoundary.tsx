import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'

/** SPEC §8 "Loading failures": a module chunk that fails to load (e.g. after an update) asks for a reload. */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading CSS chunk failed/i.test(message)
}

export function RootErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  return (
    <main className="container py-5">
      <div role="alert" className="alert alert-danger">
        <h1 className="h4">{t(isChunkLoadError(error) ? 'app.errors.chunkLoad' : 'app.errors.unexpected')}</h1>
        <button type="button" className="btn btn-danger mt-2" onClick={() => window.location.reload()}>
          {t('app.errors.reload')}
        </button>
      </div>
    </main>
  )
}
