/** The editor's text item: its text (plain text, never markup), size and alignment. */
import { colourFields, type EditorKindDef } from './types'

export const text: EditorKindDef = {
  keepRatio: false,
  fields: [
    { key: 'text', label: 'editor.inspector.text', type: 'textarea', max: 2000 },
    { key: 'font_size', label: 'editor.inspector.fontSize', type: 'number', min: 6, max: 200 },
    { key: 'align', label: 'editor.inspector.align', type: 'select', options: ['left', 'center', 'right'] },
    ...colourFields.filter((f) => f.key === 'style.text'),
  ],
}
