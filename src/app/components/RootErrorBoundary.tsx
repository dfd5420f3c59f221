import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { reportException } from '../client-reports'

/**
 * SPEC §8 "Loading failures": a code chunk that fails to load (ChunkLoadError: missing after an update, or
 * 120 s) or a style chunk ("Loading CSS chunk failed"; Vite says "Unable to preload CSS") asks for a reload.
 */
function failureText(error: unknown): string {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  if (/Loading CSS chunk failed|Unable to preload CSS/i.test(message)) return 'app.errors.cssChunkLoad'
  if (/ChunkLoadError|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message))
    return 'app.errors.chunkLoad'
  return 'app.errors.unexpected'
}

export function RootErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  const text = failureText(error)
  // A page that threw is a SPEC §7 error report like any uncaught error; a failed download is not a fault of the code.
  useEffect(() => {
    if (text === 'app.errors.unexpected') reportException(error)
  }, [error, text])
  return (
    <main className="container py-5">
      <div role="alert" className="alert alert-danger">
        <h1 className="h4">{t(text)}</h1>
        <button type="button" className="btn btn-danger mt-2" onClick={() => window.location.reload()}>
          {t('app.errors.reload')}
        </button>
      </div>
    </main>
  )
}
