import { describe, expect, it } from 'vitest'
import { createShortcutMatcher, keyName, SHORTCUTS } from '../../../../src/app/input/shortcuts'

describe('keyboard shortcuts (SPEC §2 help panel, SPEC §9 throttle 1 s)', () => {
  it('matches single keys, two-key sequences and ctrl+alt+d', () => {
    const match = createShortcutMatcher()
    expect(match('m', 0)).toBe('toggleMenu')
    expect(match('g', 10)).toBeNull()
    expect(match('h', 20)).toBe('goHosts')
    expect(match('g', 30)).toBeNull()
    expect(match('s', 40)).toBe('goSoftware')
    expect(match('s', 50)).toBe('search')
    expect(match('c', 60)).toBeNull()
    expect(match('e', 70)).toBe('clearEnvironment')
    expect(match('ctrl+alt+d', 80)).toBe('devTools')
    expect(match('?', 90)).toBe('help')
  })

  it('throttles each shortcut to one per second', () => {
    const match = createShortcutMatcher()
    expect(match('m', 0)).toBe('toggleMenu')
    expect(match('m', 999)).toBeNull()
    expect(match('?', 999)).toBe('help')
    expect(match('m', 1000)).toBe('toggleMenu')
  })

  it('drops a sequence whose second key comes too late', () => {
    const match = createShortcutMatcher()
    match('g', 0)
    expect(match('h', 5000)).toBeNull()
  })

  it('names keys as the registry spells them', () => {
    expect(keyName({ key: '∂', code: 'KeyD', ctrlKey: true, altKey: true })).toBe('ctrl+alt+d')
    expect(keyName({ key: 'Escape' })).toBe('escape')
    expect(keyName({ key: 'M' })).toBe('m')
    expect(keyName({ key: '?' })).toBe('?')
  })

  it('has no two shortcuts on the same keys', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys.map((k) => k.join(' ')))
    expect(new Set(keys).size).toBe(keys.length)
  })
})
