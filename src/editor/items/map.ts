/** The editor's nested map item: a box showing the roll-up of the map it opens. */
import type { EditorKindDef } from './types'
import { boundFields } from './bound'

export const map: EditorKindDef = { keepRatio: false, fields: boundFields }
