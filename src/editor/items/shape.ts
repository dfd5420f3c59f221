/** The editor's shape: SPEC §2 "shapes" with a valid icon (SPEC §5, SHAPE_ICONS only), colours, hand-drawn style. */
import { SHAPE_ICONS } from '../../shared/maps'
import { colourFields, labelField, type EditorKindDef } from './types'

export const shape: EditorKindDef = {
  keepRatio: false,
  fields: [
    labelField,
    { key: 'icon', label: 'editor.inspector.icon', type: 'select', options: SHAPE_ICONS, optionLabel: 'editor.inspector.shapes' },
    ...colourFields,
    { key: 'style.sketch', label: 'editor.inspector.sketch', type: 'checkbox' },
  ],
}
