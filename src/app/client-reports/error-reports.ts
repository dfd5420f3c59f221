/**
 * SPEC §7 "Error report" and §8 "Client messages": an uncaught error shows the persistent 'Javascript
 * Exception' banner (another text for unsupported browsers) and is sent as POST errors (text, URL, browser,
 * release), errors suppressed, never for unsupported browsers. ResizeObserver errors are ignored (browsers
 * raise them for a skipped layout frame, not for a fault); API failures have had their message already.
 */
import { api, isApiFailure } from '../api'
import { getToken } from '../guard'
import { i18n } from '../i18n'
import { showMessage } from '../shell'
import { RELEASE } from '../../shared/constants'
import { unsupportedBrowser } from './browser-support'

/** A page stuck in a loop must not send a report per frame: each text once, and a few per page load. */
const MAX_REPORTS_PER_LOAD = 10
const sent = new Set<string>()

const textOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}` : String(error)

/** The address without a `?token=` (SPEC §2 "A token query parameter on any URL logs the user in"): a report never carries it. */
export function withoutToken(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('token')
  const [route, query] = url.hash.split('?')
  if (query !== undefined) {
    const params = new URLSearchParams(query)
    params.delete('token')
    url.hash = params.size ? `${route}?${params}` : route
  }
  return url.href
}

export function reportException(error: unknown): void {
  const text = textOf(error)
  if (/ResizeObserver loop/i.test(text) || isApiFailure(error)) return
  const unsupported = unsupportedBrowser()
  showMessage({
    variant: 'danger',
    key: 'app.exception',
    text: i18n.t(unsupported ? 'app.errors.exceptionUnsupported' : 'app.errors.exception'),
  })
  if (unsupported || getToken() === null || sent.has(text) || sent.size >= MAX_REPORTS_PER_LOAD) return
  sent.add(text)
  const body = {
    error: text.slice(0, 20000),
    url: withoutToken(window.location.href).slice(0, 4000),
    browser: navigator.userAgent.slice(0, 1000),
    release: RELEASE,
  }
  api.request('errors', { method: 'POST', body, errorHandlerEnabled: false }).catch(() => undefined)
}

export function startErrorReports(): void {
  window.addEventListener('error', (event) => reportException(event.error ?? event.message))
  window.addEventListener('unhandledrejection', (event) => reportException(event.reason))
}
