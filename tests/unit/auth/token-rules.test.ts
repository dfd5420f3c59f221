/** SPEC §5 Tokens and §9 field limits: a name of at least 3 characters; expiry more than 1 day and at most 2 years. */
import { describe, expect, it } from 'vitest'
import { expireDaysProblem, tokenNameProblem } from '../../../src/shared/api/tokens'

describe('token rules (SPEC §5)', () => {
  it('needs a name of at least 3 characters, spaces not counted', () => {
    expect(tokenNameProblem('ab')).not.toBeNull()
    expect(tokenNameProblem('  ab   ')).not.toBeNull()
    expect(tokenNameProblem('abc')).toBeNull()
    expect(tokenNameProblem('x'.repeat(101))).not.toBeNull()
  })

  it('takes an expiry of more than 1 day and at most 2 years, in whole days', () => {
    expect(expireDaysProblem(1)).toBe('more than 1 day')
    expect(expireDaysProblem(0)).not.toBeNull()
    expect(expireDaysProblem(2)).toBeNull()
    expect(expireDaysProblem(730)).toBeNull()
    expect(expireDaysProblem(731)).not.toBeNull()
    expect(expireDaysProblem(1.5)).not.toBeNull()
  })
})
