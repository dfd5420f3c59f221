// @vitest-environment jsdom
/**
 * Every keyed command is reachable by pointer too (issue 6: z-order, copy, cut, paste on the toolbar), and the
 * keyboard shortcuts help lists the registry's actions with their keys.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ACTIONS } from '../../../src/editor/actions'
import { displayChord } from '../../../src/editor/actions/keys'
import { Toolbar } from '../../../src/editor/components/Toolbar'
import { createEditor } from '../../../src/editor/model/editor'
import { en } from '../../../src/shared/i18n/en'
import { renderUi } from '../ui/render'
import { sampleDocument } from './fixtures'

afterEach(cleanup)

const label = (id: string) => (en.editor.actions as Record<string, string>)[id]

describe('editor toolbar (SPEC §2 Map editor)', () => {
  it('offers bring to front, send to back, copy, cut and paste as buttons, and they act on the selection', () => {
    const editor = createEditor(sampleDocument())
    editor.select(['a'])
    renderUi(<Toolbar editor={editor} mode="edit" />)
    const toolbar = screen.getByRole('toolbar', { name: 'Editor toolbar' })
    for (const id of ['bring-to-front', 'send-to-back', 'copy', 'cut', 'paste']) {
      expect(within(toolbar).getByRole('button', { name: label(id) })).toBeTruthy()
    }
    expect(within(toolbar).getByRole('button', { name: 'Bring to front' }).getAttribute('title')).toBe('Bring to front (Ctrl+Shift+])')
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Bring to front' }))
    const items = Object.values(editor.get().doc.items)
    expect(editor.get().doc.items.a.z).toBe(Math.max(...items.map((i) => i.z)))
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Send to back' }))
    expect(editor.get().doc.items.a.z).toBe(Math.min(...Object.values(editor.get().doc.items).map((i) => i.z)))
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Cut' }))
    expect(editor.get().doc.items.a).toBeUndefined()
  })

  it('lists every action that has keys in the shortcuts help, with all its keys', () => {
    const editor = createEditor(sampleDocument())
    renderUi(<Toolbar editor={editor} mode="edit" />)
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }))
    const dialog = screen.getByRole('dialog')
    const keyed = ACTIONS.filter((a) => a.keys?.length)
    expect(within(dialog).getAllByRole('row')).toHaveLength(keyed.length)
    for (const action of keyed) {
      const row = within(dialog)
        .getByRole('rowheader', { name: label(action.id) })
        .closest('tr')!
      expect([...row.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(action.keys!.map((k) => displayChord(k)))
    }
    expect(within(dialog).getByRole('rowheader', { name: 'Undo' }).closest('tr')!.textContent).toContain('Ctrl+Z')
  })
})
