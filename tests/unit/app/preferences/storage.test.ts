// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { getStored, purgeExpired, setStored } from '../../../../src/app/preferences/storage'
import { EXPIRED_STORAGE_CLEANUP_S } from '../../../../src/shared/constants'

describe('stored items with expiry (SPEC §4 "Stored items may carry an expiry and are purged every 1800 s")', () => {
  beforeEach(() => localStorage.clear())

  it('returns an item until its expiry and nothing after', () => {
    setStored(localStorage, 'x', { a: 1 }, 60, 1_000_000)
    expect(getStored(localStorage, 'x', 1_000_000 + 59_999)).toEqual({ a: 1 })
    expect(getStored(localStorage, 'x', 1_000_000 + 60_000)).toBeNull()
    expect(localStorage.length).toBe(0)
  })

  it('keeps items without expiry', () => {
    setStored(localStorage, 'theme', 'darkly')
    expect(getStored(localStorage, 'theme', Date.now() + 10 * 365 * 86_400_000)).toBe('darkly')
  })

  it("purges expired items only, and not other applications' keys", () => {
    setStored(localStorage, 'old', 1, 10, 0)
    setStored(localStorage, 'fresh', 2, EXPIRED_STORAGE_CLEANUP_S, 0)
    localStorage.setItem('someone-else', 'x')
    expect(purgeExpired(localStorage, 11_000)).toBe(1)
    expect(localStorage.getItem('vigil.old')).toBeNull()
    expect(getStored(localStorage, 'fresh', 11_000)).toBe(2)
    expect(localStorage.getItem('someone-else')).toBe('x')
  })

  it('treats unreadable items as missing', () => {
    localStorage.setItem('vigil.broken', '{not json')
    expect(getStored(localStorage, 'broken')).toBeNull()
  })
})
