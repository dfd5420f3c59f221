/** SPEC §5 name inputs: other characters are blocked with an info message, consecutive spaces are blocked, at most 50. */
import { describe, expect, it } from 'vitest'
import { filterName } from '../../../../../src/viewer/pages/maps-list/NameInput'

describe('name input filtering (SPEC §5)', () => {
  it('keeps letters, digits, dot, underscore, hyphen and single spaces', () => {
    expect(filterName('Core-net_2.0 Zürich')).toEqual({ value: 'Core-net_2.0 Zürich', notice: null })
  })

  it('blocks other characters and says why', () => {
    expect(filterName('Core/net<script>')).toEqual({ value: 'Corenetscript', notice: 'blocked' })
  })

  it('blocks consecutive spaces', () => {
    expect(filterName('Core  network')).toEqual({ value: 'Core network', notice: 'spaces' })
  })

  it('cuts at 50 characters', () => {
    expect(filterName('a'.repeat(60)).value).toHaveLength(50)
  })
})
