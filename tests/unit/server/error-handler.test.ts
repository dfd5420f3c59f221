/** The one error body of SPEC §8 / DESIGN.md "Server", whatever was thrown. */
import { describe, expect, it } from 'vitest'
import { toErrorResponse } from '../../../src/server/http/plugins/errors'
import { ApiError, statusOfErrorKey } from '../../../src/shared/errors'

describe('error handler', () => {
  it('writes an ApiError as its key, status, translated message and extra_info', () => {
    expect(toErrorResponse(new ApiError('host_not_found', { id: 7 }), 'rid')).toEqual({
      status: 404,
      body: { error: { key: 'host_not_found', message: 'Host not found.', extra_info: { id: 7 } } },
    })
    expect(toErrorResponse(new ApiError('columns_not_allowed', { columns: ['x'] }), 'rid').body.error.message).toBe(
      'Columns not allowed: x.',
    )
  })

  it('turns a schema failure into validation_failed naming the field', () => {
    const err = Object.assign(new Error('bad'), {
      validation: [{ instancePath: '/hostgroup_id', message: 'expected number' }],
      validationContext: 'body',
    })
    expect(toErrorResponse(err, 'rid')).toEqual({
      status: 400,
      body: {
        error: {
          key: 'validation_failed',
          message: 'Validation failed: body.hostgroup_id.',
          extra_info: { field: 'body.hostgroup_id', issues: [{ field: 'body.hostgroup_id', message: 'expected number' }] },
        },
      },
    })
  })

  it('turns client errors of the framework into invalid_input, never a 500', () => {
    const json = Object.assign(new Error('Body is not valid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' })
    expect(toErrorResponse(json, 'rid').body.error.key).toBe('invalid_input')
    const media = Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 })
    expect(toErrorResponse(media, 'rid')).toMatchObject({ status: 400, body: { error: { key: 'invalid_input' } } })
  })

  it('hides anything unknown behind internal_error with only the request id', () => {
    const r = toErrorResponse(new TypeError('secret stack detail'), 'req-42')
    expect(r).toEqual({
      status: 500,
      body: { error: { key: 'internal_error', message: 'Internal error (request id req-42).', extra_info: { request_id: 'req-42' } } },
    })
    expect(JSON.stringify(r)).not.toContain('secret stack detail')
  })

  it('maps key families to statuses (SPEC §8)', () => {
    expect(statusOfErrorKey('map_not_found')).toBe(404)
    expect(statusOfErrorKey('map_already_exists')).toBe(409)
    expect(statusOfErrorKey('unauthenticated')).toBe(401)
    expect(statusOfErrorKey('unauthorized')).toBe(403)
    expect(statusOfErrorKey('validation_failed')).toBe(400)
  })
})
