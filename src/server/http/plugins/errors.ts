/**
 * The one error handler: SPEC §8 keys in `{error: {key, message, extra_info}}`. A zod failure is
 * `validation_failed` naming the field (or the rule's own SPEC §8 key); malformed JSON or a wrong content type is `invalid_input`;
 * anything unknown is a 500 that shows only the request id (the stack goes to the log).
 */
import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, isErrorKey, type ErrorKey } from '../../../shared/errors'
import { errorReasons, errors as en } from '../../../shared/i18n/en/errors'

export function errorBody(key: ErrorKey, extra: Record<string, unknown> = {}) {
  const reason = typeof extra.reason === 'string' ? errorReasons[key]?.[extra.reason] : undefined
  const message = (reason ?? en[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(extra[name] ?? ''))
  return { error: { key, message, extra_info: extra } }
}

interface IssueLike {
  message?: string
  instancePath?: string
  params?: unknown
}
/** The SPEC §8 key a refine put in its issue's params (fastify-type-provider-zod nests them once more). */
const keyOf = (i: IssueLike): unknown => (i.params as { params?: { key?: unknown } } | undefined)?.params?.key

interface ZodIssueLike {
  path: PropertyKey[]
  message: string
  code?: string
  errors?: ZodIssueLike[][]
}

/**
 * A body of one of several shapes (a zod union) that matches none fails as a whole at its root; the shape
 * it came closest to (fewest issues) names the field at fault instead (issue 13: the field is named).
 */
function closestBranch(i: IssueLike): { path: string[]; message: string }[] {
  const at = (i.instancePath ?? '').split('/').filter(Boolean)
  const branches = (i.params as { errors?: ZodIssueLike[][] } | undefined)?.errors
  if (!branches?.length) return [{ path: at, message: i.message ?? '' }]
  const closest = branches.reduce((best, b) => (b.length < best.length ? b : best))
  return closest.map((b) => ({ path: [...at, ...b.path.map(String)], message: b.message }))
}

/** Maps any thrown error to status + body; exported for the unit tests. `query`: the request's query parameters. */
export function toErrorResponse(err: unknown, requestId: string, query?: unknown): { status: number; body: ReturnType<typeof errorBody> } {
  if (err instanceof ApiError) return { status: err.status, body: errorBody(err.key, err.extra) }
  const e = err as FastifyError & { validation?: IssueLike[]; validationContext?: string }
  if (e.validation) {
    const issues = e.validation
      .flatMap(closestBranch)
      .map((i) => ({ field: [e.validationContext, ...i.path].filter(Boolean).join('.'), message: i.message }))
    // SPEC §8 missing_required_parameter: a required query parameter that was not sent at all.
    const missing =
      e.validationContext === 'querystring'
        ? issues
            .map((i) => i.field.split('.')[1])
            .find((name) => name && (query as Record<string, unknown> | undefined)?.[name] === undefined)
        : undefined
    if (missing)
      return { status: 400, body: errorBody('missing_required_parameter', { field: `querystring.${missing}`, parameter: missing, issues }) }
    // A rule with a SPEC §8 key of its own (shared/validation.ts nameWithKey) answers that key.
    const own = e.validation.map(keyOf).find((k): k is ErrorKey => typeof k === 'string' && isErrorKey(k))
    return { status: 400, body: errorBody(own ?? 'validation_failed', { field: issues[0]?.field ?? e.validationContext ?? '', issues }) }
  }
  if (e.statusCode === 429) return { status: 429, body: errorBody('rate_limited', { login_feedback: 5 }) }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status: 413, body: errorBody('invalid_input', { field: 'body', reason: 'too large' }) }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return {
      status: e.statusCode === 404 ? 404 : 400,
      body: errorBody(e.statusCode === 404 ? 'not_found' : 'invalid_input', { field: 'body', reason: e.message }),
    }
  }
  return { status: 500, body: errorBody('internal_error', { request_id: requestId }) }
}

export const errorHandler = fp(async (app) => {
  app.setErrorHandler((err, req: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorResponse(err, req.id, req.query)
    if (status >= 500) req.log.error({ err }, 'unhandled error')
    return reply.status(status).send(body)
  })
})
