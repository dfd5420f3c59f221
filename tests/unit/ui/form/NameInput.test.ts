/** SPEC §5 name inputs: other characters are blocked with an info message, consecutive spaces are blocked, at most 50. */
import { describe, expect, it } from 'vitest'
import { filterName, nameProblem } from '../../../../src/ui/form/NameInput'

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

describe('nameProblem', () => {
  it('names the SPEC §5 problem every map and slideshow form shows: empty is required, too short or odd characters tooShort', () => {
    expect(['', '  ', 'x', 'a/b', 'Core network'].map(nameProblem)).toEqual(['required', 'required', 'tooShort', 'tooShort', null])
  })
})
