/** The map import converters by format (issue 6 "Import"), listed by hand; they run in the import worker. */
import type { IMPORT_FORMATS } from '../../../shared/api/maps'
import type { Converter } from './builder'
import { drawio } from './drawio'
import { nagvis } from './nagvis'

export const converters = { drawio, nagvis } satisfies Record<(typeof IMPORT_FORMATS)[number], Converter>
