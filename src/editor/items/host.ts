/** The editor's host item: keeps its aspect ratio when resized; SPEC §2 state icon and colours. */
import type { EditorKindDef } from './types'
import { boundFields } from './bound'

export const host: EditorKindDef = { keepRatio: true, fields: boundFields }
