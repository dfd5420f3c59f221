/**
 * SPEC §7 "Shared client rules": versioned API root, `Authorization: Bearer <token>`, 10 s timeout,
 * rejection without token (except paths ending ':forgot-password') which sends the user to login,
 * rejection when the token is not the latest, failures to the SPEC §8 error handler unless
 * `errorHandlerEnabled: false`.
 */
import type { ZodType } from 'zod'
import { API_TIMEOUT_S } from '../../shared/constants'
import { ApiFailure } from './api-failure'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions<T> {
  method?: HttpMethod
  query?: Record<string, QueryValue>
  body?: unknown
  schema?: ZodType<T>
  signal?: AbortSignal
  /** SPEC §7: `false` silences the error handler (meant for GETs; login uses it for its own feedback codes). */
  errorHandlerEnabled?: boolean
  /** Sent without token and allowed without one: login. */
  anonymous?: boolean
  /** A body sent as it is (a file's text or bytes) instead of `body` as JSON, e.g. a map import. */
  raw?: { body: string | Blob; contentType: string }
  /** 'blob': a 2xx answer is handed back as a Blob (a download), not parsed as JSON; failures are read as usual. */
  responseType?: 'json' | 'blob'
}

export interface ApiClientDeps {
  /** Absolute or root-relative URL of the versioned API root, ending in '/'. */
  baseUrl: string
  getToken(): string | null
  /** The language shown, sent as Accept-Language: the server's translated fields (SPEC §3 state_translation) follow it. */
  getLanguage?(): string
  /** SPEC §7: the user is sent to login when a request has no token. */
  onNoToken(): void
  /** SPEC §8: the error handler. */
  onFailure(failure: ApiFailure): void
  /** Called with +1 when a request starts and -1 when it ends (SPEC §7 loading spinner). */
  onPending?(delta: 1 | -1): void
  /** Called when a request has ended, however it ended (the developer tools' request log, issue 19). */
  onSettled?(request: SettledRequest): void
  timeoutMs?: number
}

export interface SettledRequest {
  method: HttpMethod
  path: string
  /** null when no answer came (network, timeout, aborted, refused without token) */
  status: number | null
  requestId: string | null
  startedAt: number
  ms: number
}

/** What a request learnt of its answer, for `onSettled`. */
interface Answer {
  status: number | null
  requestId: string | null
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>
}

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  let url = baseUrl + path.replace(/^\/+/, '')
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v))
  const qs = params.toString()
  if (qs) url += (url.includes('?') ? '&' : '?') + qs
  return url
}

async function readBody(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text()
  if (text === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timeoutMs = deps.timeoutMs ?? API_TIMEOUT_S * 1000

  async function send<T>(path: string, options: RequestOptions<T>, answer: Answer): Promise<T> {
    const method = options.method ?? 'GET'
    const token = options.anonymous ? null : deps.getToken()
    const base = { method, path }
    if (!options.anonymous && token === null && !path.endsWith(':forgot-password')) {
      deps.onNoToken()
      throw new ApiFailure({ ...base, kind: 'no_token' })
    }
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const abort = () => controller.abort()
    options.signal?.addEventListener('abort', abort)
    if (options.signal?.aborted) controller.abort()
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (token !== null) headers.Authorization = `Bearer ${token}`
    const language = deps.getLanguage?.()
    if (language) headers['Accept-Language'] = language
    if (options.body !== undefined) headers['Content-Type'] = 'application/json'
    if (options.raw) headers['Content-Type'] = options.raw.contentType
    try {
      let response: Response
      try {
        response = await fetch(buildUrl(deps.baseUrl, path, options.query), {
          method,
          headers,
          signal: controller.signal,
          cache: 'no-store',
          body: options.raw ? options.raw.body : options.body === undefined ? undefined : JSON.stringify(options.body),
        })
      } catch {
        throw new ApiFailure({ ...base, kind: timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network' })
      }
      const requestId = response.headers.get('X-Request-ID')
      answer.status = response.status
      answer.requestId = requestId
      const lost = () =>
        new ApiFailure({
          ...base,
          kind: timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network',
          status: response.status,
          requestId,
        })
      if (response.ok && options.responseType === 'blob') {
        const blob = await response.blob().catch(() => {
          throw lost()
        })
        if (!options.anonymous && deps.getToken() !== token)
          throw new ApiFailure({ ...base, kind: 'stale_token', status: response.status, requestId })
        return blob as T
      }
      let body: Awaited<ReturnType<typeof readBody>>
      try {
        body = await readBody(response)
      } catch {
        throw lost()
      }
      if (!response.ok) {
        throw new ApiFailure({ ...base, kind: 'http', status: response.status, requestId, body: body.ok ? body.value : undefined })
      }
      // SPEC §7: "A request is also rejected if the token is not the latest."
      if (!options.anonymous && deps.getToken() !== token)
        throw new ApiFailure({ ...base, kind: 'stale_token', status: response.status, requestId })
      if (!body.ok) throw new ApiFailure({ ...base, kind: 'parse', status: response.status, requestId })
      if (!options.schema) return body.value as T
      const parsed = options.schema.safeParse(body.value)
      if (!parsed.success) throw new ApiFailure({ ...base, kind: 'parse', status: response.status, requestId, body: body.value })
      return parsed.data
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', abort)
    }
  }

  return {
    async request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
      deps.onPending?.(1)
      const answer: Answer = { status: null, requestId: null }
      const startedAt = Date.now()
      const start = performance.now()
      try {
        return await send(path, options, answer)
      } catch (error) {
        if (error instanceof ApiFailure && error.kind !== 'no_token' && options.errorHandlerEnabled !== false) deps.onFailure(error)
        throw error
      } finally {
        deps.onPending?.(-1)
        deps.onSettled?.({ method: options.method ?? 'GET', path, ...answer, startedAt, ms: Math.round(performance.now() - start) })
      }
    },
  }
}
