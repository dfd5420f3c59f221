import { describe, expect, it } from 'vitest'
import { safeRedirect } from '../../../src/auth/redirect'

describe('after login (SPEC §2 /login?redirect={previous location})', () => {
  it('returns to the previous location', () => {
    expect(safeRedirect('/monitoring/hosts?filter=x')).toBe('/monitoring/hosts?filter=x')
  })

  it('goes to / without redirect, or for one that leaves the app or loops to login', () => {
    for (const r of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/login?redirect=%2F',
      '/login/mfa',
    ]) {
      expect(safeRedirect(r), String(r)).toBe('/')
    }
  })
})
