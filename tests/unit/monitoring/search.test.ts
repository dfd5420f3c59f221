import { describe, expect, it } from 'vitest'
import { searchText } from '../../../src/monitoring/search'

describe('search text (SPEC §5 Search: trimmed, 2 to 254 characters)', () => {
  it('trims and sends 2 to 254 characters', () => {
    expect(searchText('  web  ')).toEqual({ query: 'web', tooShortOrLong: false })
    expect(searchText('ab').query).toBe('ab')
    expect(searchText('x'.repeat(254)).query).toHaveLength(254)
  })

  it('shows the length message for 1 or 255 characters and sends nothing', () => {
    expect(searchText(' a ')).toEqual({ query: null, tooShortOrLong: true })
    expect(searchText('x'.repeat(255))).toEqual({ query: null, tooShortOrLong: true })
  })

  it('treats nothing typed as no search, not an error', () => {
    expect(searchText('   ')).toEqual({ query: null, tooShortOrLong: false })
  })
})
