import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../../../../src/app/api/api-failure'
import { describeFailure } from '../../../../src/app/api/error-handler'
import { i18n } from '../../../../src/app/i18n/i18n'
import { durationMs, durationKindOf } from '../../../../src/app/shell/messages'

const http = (status: number, requestId: string | null, body?: unknown) => new ApiFailure({ kind: 'http', status, requestId, body })

function message(failure: ApiFailure) {
  const action = describeFailure(failure, i18n)
  if (action.type !== 'message') throw new Error(`expected a message, got ${action.type}`)
  return action.message
}

describe('error handler (SPEC §8 "Handling by status")', () => {
  it('401 goes to login, 403 to the not-authorized page, 404 to content not found', () => {
    expect(describeFailure(http(401, 'r1'), i18n)).toEqual({ type: 'login' })
    expect(describeFailure(http(403, 'r2'), i18n)).toEqual({ type: 'not_authorized' })
    expect(describeFailure(http(404, 'r3'), i18n)).toEqual({ type: 'content_not_found' })
  })

  it('other statuses show a red internal error with the request id for 60 s', () => {
    const m = message(http(500, 'req-42'))
    expect(m.variant).toBe('danger')
    expect(m.text).toContain('internal error')
    expect(m.text).toContain('req-42')
    expect(durationMs(durationKindOf(m))).toBe(60_000)
  })

  it('without a request id it suggests checking ad-blockers', () => {
    const m = message(http(502, null))
    expect(m.text).toMatch(/ad-blocker/)
    expect(m.text).not.toContain('request id null')
  })

  it('adds the translated errors.<key> text with extra_info values', () => {
    const m = message(http(400, 'req-7', { error: { key: 'validation_failed', message: 'x', extra_info: { field: 'alias' } } }))
    expect(m.text).toContain('req-7')
    expect(m.detail).toBe(i18n.t('errors.validation_failed', { field: 'alias' }))
    expect(m.detail).toContain('alias')
  })

  it('adds nothing for a key without translation, and never shows the server message', () => {
    const m = message(http(409, 'req-8', { error: { key: 'no_such_key', message: 'secret internals', extra_info: {} } }))
    expect(m.detail).toBeUndefined()
    expect(JSON.stringify(m)).not.toContain('secret internals')
  })

  it('no status shows "No connection" for 60 s; a timeout asks to check the internet connection', () => {
    const noConnection = message(new ApiFailure({ kind: 'network' }))
    expect(noConnection.text).toMatch(/No connection/)
    expect(durationMs(durationKindOf(noConnection))).toBe(60_000)
    expect(message(new ApiFailure({ kind: 'timeout' })).text).toMatch(/check your internet connection/)
  })

  it('ignores aborted requests, parse errors on 200 and answers for an old token', () => {
    for (const kind of ['aborted', 'parse', 'stale_token'] as const) {
      expect(describeFailure(new ApiFailure({ kind, status: kind === 'aborted' ? undefined : 200 }), i18n)).toEqual({ type: 'ignore' })
    }
  })
})
