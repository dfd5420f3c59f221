/** The editor's item kinds registry (STYLE.md "Item kinds"): a kind without an entry does not compile. */
import type { ItemKind, MapItem } from '../../shared/maps'
import type { EditorKindDef } from './types'
import { host } from './host'
import { resource } from './resource'
import { environment } from './environment'
import { map } from './map'
import { shape } from './shape'
import { text } from './text'
import { image } from './image'
import { line } from './line'
import { rack } from './rack'

export const editorKinds = { host, resource, environment, map, shape, text, image, line, rack } satisfies Record<ItemKind, EditorKindDef>

export const editorKindOf = (item: MapItem): EditorKindDef => editorKinds[item.kind]

export type { EditorKindDef, InspectorField } from './types'

/** The field a double-click edits in place (issue 18): a text item's text, else the item's label. */
export const inlineFieldOf = (item: MapItem) => {
  const fields = editorKindOf(item).fields
  return fields.find((f) => f.key === 'text') ?? fields.find((f) => f.key === 'label')
}
