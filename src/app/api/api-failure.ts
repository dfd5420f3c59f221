/** A failed API call as the error handler of SPEC §8 sees it. */

/**
 * - `http`: the server answered with a non-2xx status.
 * - `network`: no status at all (SPEC §8 "No status").
 * - `timeout`: the 10 s API timeout of SPEC §9 fired.
 * - `aborted`: the caller cancelled the request.
 * - `no_token`: rejected on the client because there is no token (SPEC §7).
 * - `stale_token`: the token changed while the request ran, so the answer belongs to someone else (SPEC §7).
 * - `parse`: a 2xx body that is not what the schema expects.
 */
export type FailureKind = 'http' | 'network' | 'timeout' | 'aborted' | 'no_token' | 'stale_token' | 'parse'

export interface ApiFailureInit {
  kind: FailureKind
  status?: number
  requestId?: string | null
  body?: unknown
  method?: string
  path?: string
}

export class ApiFailure extends Error {
  readonly kind: FailureKind
  readonly status: number | null
  readonly requestId: string | null
  readonly body: unknown
  readonly method: string
  readonly path: string

  constructor(init: ApiFailureInit) {
    super(`${init.method ?? 'GET'} ${init.path ?? ''}: ${init.kind}${init.status ? ` ${init.status}` : ''}`)
    this.name = 'ApiFailure'
    this.kind = init.kind
    this.status = init.status ?? null
    this.requestId = init.requestId ?? null
    this.body = init.body
    this.method = init.method ?? 'GET'
    this.path = init.path ?? ''
  }

  /** `error.key` and `error.extra_info` of the SPEC §8 error body, when the body has that shape. */
  get errorBody(): { key: string; extra_info: Record<string, unknown> } | null {
    const error = (this.body as { error?: { key?: unknown; extra_info?: unknown } } | null)?.error
    if (!error || typeof error.key !== 'string') return null
    const extra = typeof error.extra_info === 'object' && error.extra_info !== null ? error.extra_info : {}
    return { key: error.key, extra_info: extra as Record<string, unknown> }
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure
}
