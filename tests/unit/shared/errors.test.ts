import { describe, expect, it } from 'vitest'
import { ERROR_KEYS, statusOfErrorKey } from '../../../src/shared/errors'

describe('SPEC §8 error keys', () => {
  it('answers the general not_found with 404, as every *_not_found (SPEC §8: 404 shows the content-not-found page)', () => {
    expect(statusOfErrorKey('not_found')).toBe(404)
    expect(statusOfErrorKey('host_not_found')).toBe(404)
  })

  it('has no event_not_found: SPEC §8 names no event key, an unknown event is not_found (SPEC §7 events/{id})', () => {
    expect(ERROR_KEYS).not.toContain('event_not_found')
  })
})
