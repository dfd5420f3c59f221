import type { IMPORT_FORMATS } from '../../../shared/api/maps'

export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** The format a file name suggests: draw.io saves .drawio (or .xml), NagVis map configurations are .cfg. */
export function guessFormat(fileName: string): ImportFormat | null {
  const ext = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1]
  if (ext === 'drawio' || ext === 'xml') return 'drawio'
  return ext === 'cfg' ? 'nagvis' : null
}
