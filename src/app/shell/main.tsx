/** Browser entry: i18n, theme, storage purge, service worker, router. */
import { zodConfig } from './csp'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { RouterProvider } from 'react-router'
import { i18n } from '../i18n/i18n'
import { rememberedLanguage, switchLanguage } from '../i18n/languages'
import { setAppRouter } from './navigation'
import { queryClient } from '../api/query-client'
import { createAppRouter } from './router'
import { startStoragePurge } from '../preferences/storage'
import { applyTheme, rememberedTheme } from '../preferences/themes'
import { startClientReports } from '../client-reports'
import { ObjectActionsContext } from '../../ui'
// The map font's faces (src/viewer/map-font.ts): declared for every page, fetched only by the first map drawn.
import '@fontsource/inter/400.css'
import '@fontsource/inter/700.css'
import { loadObjectActions } from '../../monitoring'

// Issue 18: the map popover's acknowledge and maintenance, loaded with the first popover that shows them.
const ObjectActions = lazy(loadObjectActions)

if (!zodConfig.jitless) throw new Error('zod must run without eval under the CSP')
document.documentElement.lang = i18n.language
void applyTheme(rememberedTheme())
startStoragePurge(localStorage)

// SPEC §2: "A worker script at /service-worker.js is registered." Once the first screen had the link and the
// cores to itself (issue 19 "Fast over any link"): the worker's install downloads and its interception of every
// later request (chunks, fonts) slowed a wall's first paint over a slow link. It serves the next load.
const WORKER_AFTER_LOAD_MS = 3000
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => navigator.serviceWorker.register('/service-worker.js').catch(() => undefined)
  const later = () => setTimeout(register, WORKER_AFTER_LOAD_MS)
  if (document.readyState === 'complete') later()
  else window.addEventListener('load', later, { once: true })
}

const router = createAppRouter()
setAppRouter(router)
startClientReports(router)

const root = document.getElementById('root')
// The remembered language before the first render: a Dutch user sees no English first (English is there at once).
if (root)
  void switchLanguage(rememberedLanguage()).then(
    () => render(root),
    () => render(root),
  )

function render(root: HTMLElement) {
  document.title = i18n.t('app.name')
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ObjectActionsContext.Provider value={ObjectActions}>
            <RouterProvider router={router} />
          </ObjectActionsContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  )
}
