/**
 * SPEC §8 "Handling by status" as a plain function from a failed call to what the app does about it.
 * `api-client.ts` runs the resulting action (navigate, show a page, show a message).
 */
import type { ApiFailure } from './api-failure'
import type { MessageInit } from '../shell/messages'

export type ErrorAction =
  | { type: 'ignore' }
  | { type: 'login' }
  | { type: 'not_authorized' }
  | { type: 'content_not_found' }
  | { type: 'message'; message: MessageInit }

/** The part of an i18next instance the handler needs. */
export interface Translator {
  t(key: string, options?: Record<string, unknown>): string
  exists(key: string): boolean
}

/** SPEC §8: the translated `errors.<key>` text, with `extra_info` values, when the key has a translation. */
export function translatedErrorText(failure: ApiFailure, i18n: Translator): string | undefined {
  const body = failure.errorBody
  if (body === null || !/^[a-z0-9_]+$/.test(body.key)) return undefined
  const key = `errors.${body.key}`
  // A reason with a text of its own says more (errorReasons in the catalogue).
  const reason = body.extra_info?.reason
  const reasonKey = typeof reason === 'string' && /^[a-z0-9_]+$/.test(reason) ? `errorReasons.${body.key}.${reason}` : null
  if (reasonKey && i18n.exists(reasonKey)) return i18n.t(reasonKey, { ...body.extra_info })
  return i18n.exists(key) ? i18n.t(key, { ...body.extra_info }) : undefined
}

export function describeFailure(failure: ApiFailure, i18n: Translator): ErrorAction {
  switch (failure.kind) {
    // SPEC §8: aborted or cancelled requests, and parse errors on status 200, are ignored.
    case 'aborted':
    case 'parse':
    case 'stale_token':
      return { type: 'ignore' }
    // SPEC §7: a request without token is rejected, not reported, and the user is sent to login.
    case 'no_token':
      return { type: 'login' }
    // SPEC §8: "API timeout: message telling to check the internet connection."
    case 'timeout':
      return {
        type: 'message',
        message: { variant: 'danger', duration: 'connection', text: i18n.t('app.errors.timeout'), key: 'app.errors.timeout' },
      }
    // SPEC §8: "No status: 'No connection' message" (60 s, SPEC §9 connection errors).
    case 'network':
      return {
        type: 'message',
        message: { variant: 'danger', duration: 'connection', text: i18n.t('app.errors.noConnection'), key: 'app.errors.noConnection' },
      }
    case 'http':
      break
  }
  if (failure.status === 401) return { type: 'login' }
  if (failure.status === 403) return { type: 'not_authorized' }
  if (failure.status === 404) return { type: 'content_not_found' }
  // SPEC §8 other statuses: red "internal error" with the request id (or the ad-blocker hint), 60 s.
  const text = failure.requestId
    ? i18n.t('app.errors.internalError', { requestId: failure.requestId })
    : i18n.t('app.errors.internalErrorNoRequestId')
  return {
    type: 'message',
    message: { variant: 'danger', duration: 'internal_error', text, detail: translatedErrorText(failure, i18n) },
  }
}
