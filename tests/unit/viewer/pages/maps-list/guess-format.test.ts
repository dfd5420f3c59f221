/** Issue 6 "Import": the dialog picks the format from the chosen file's name, and leaves it when it cannot tell. */
import { describe, expect, it } from 'vitest'
import { guessFormat } from '../../../../../src/viewer/pages/maps-list/import-format'

describe('import format from the file name', () => {
  it('takes .drawio and .xml as draw.io and .cfg as NagVis, whatever the case', () => {
    expect(guessFormat('network.drawio')).toBe('drawio')
    expect(guessFormat('Export.XML')).toBe('drawio')
    expect(guessFormat('site.v2.cfg')).toBe('nagvis')
  })

  it('has no guess for other names, so the chosen format stays', () => {
    expect(guessFormat('notes.txt')).toBeNull()
    expect(guessFormat('drawio')).toBeNull()
  })
})
