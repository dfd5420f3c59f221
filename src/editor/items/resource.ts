/** The editor's resource item: keeps its aspect ratio when resized; SPEC §2 state icon and colours. */
import type { EditorKindDef } from './types'
import { boundFields } from './bound'

export const resource: EditorKindDef = { keepRatio: true, fields: boundFields }
