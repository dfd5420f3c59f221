/** The editor's action registry (STYLE.md "Actions"): one registry, no key shared by two actions in a mode. */
import { describe, expect, it } from 'vitest'
import { ACTIONS, actionContext, actionForKey } from '../../../src/editor/actions'
import { normaliseChord } from '../../../src/editor/actions/keys'
import { modesOf } from '../../../src/editor/actions/types'
import { createEditor } from '../../../src/editor/model/editor'
import { en } from '../../../src/shared/i18n/en'
import { sampleDocument } from './fixtures'

describe('editor actions registry', () => {
  it('has no key chord used by two actions in the same mode', () => {
    for (const mode of ['edit', 'view'] as const) {
      const owner = new Map<string, string>()
      for (const action of ACTIONS.filter((a) => modesOf(a).includes(mode))) {
        for (const key of action.keys ?? []) {
          const chord = normaliseChord(key)
          expect(owner.get(chord), `${chord} in ${mode}: ${owner.get(chord)} and ${action.id}`).toBeUndefined()
          owner.set(chord, action.id)
        }
      }
    }
  })

  it('has unique ids, each with a label in the catalogue', () => {
    expect(new Set(ACTIONS.map((a) => a.id)).size).toBe(ACTIONS.length)
    for (const action of ACTIONS) {
      expect(action.label).toBe(`editor.actions.${action.id}`)
      expect((en.editor.actions as Record<string, string>)[action.id], action.id).toBeTruthy()
    }
  })

  it('matches ctrl+z, ctrl+shift+z, delete and ctrl+d as issue 6 asks, whatever the layout turns the key into', () => {
    const editor = createEditor(sampleDocument())
    editor.select(['a'])
    editor.edit('test', (d) => {
      d.items.a.x = 5
    })
    const ctx = actionContext(editor)
    expect(actionForKey({ key: 'z', code: 'KeyZ', ctrlKey: true }, 'edit', ctx)?.id).toBe('undo')
    expect(actionForKey({ key: 'Z', code: 'KeyZ', metaKey: true, shiftKey: true }, 'edit', ctx)).toBeUndefined()
    expect(actionForKey({ key: 'Delete', code: 'Delete' }, 'edit', ctx)?.id).toBe('delete')
    expect(actionForKey({ key: 'd', code: 'KeyD', ctrlKey: true }, 'edit', ctx)?.id).toBe('duplicate')
    // Read-only: no document edit answers a key.
    expect(actionForKey({ key: 'Delete', code: 'Delete' }, 'view', ctx)).toBeUndefined()
    expect(actionForKey({ key: 'a', code: 'KeyA', ctrlKey: true }, 'view', ctx)?.id).toBe('select-all')
  })
})
