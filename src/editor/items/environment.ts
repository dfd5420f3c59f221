/** The editor's environment item: a box showing the worst state of its hosts. */
import type { EditorKindDef } from './types'
import { boundFields } from './bound'

export const environment: EditorKindDef = { keepRatio: false, fields: boundFields }
