/** The editor's rack (SPEC §2 "slots/rack visualization"): its slots are edited by the inspector's slot table. */
import { colourFields, labelField, type EditorKindDef } from './types'

export const rack: EditorKindDef = { keepRatio: false, fields: [labelField, ...colourFields] }
