/** A resource (check) item (SPEC §4 HOST_MAP_STATE resource values), labelled with its host. */
import type { ItemRenderer } from './types'
import { BoundItem } from './parts'
import { resourceGlyph } from './glyphs'

export const resource: ItemRenderer<'resource'> = (props) => (
  <BoundItem
    {...props}
    text={props.item.host_name ? `${props.item.host_name}: ${props.item.name}` : props.item.name}
    glyph={resourceGlyph}
  />
)
