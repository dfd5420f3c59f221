/** A nested map item: the map's roll-up (recursion-guarded items show nohost) and a link into it. */
import type { ItemRenderer } from './types'
import { BoundItem } from './parts'
import { mapGlyph } from './glyphs'

export const map: ItemRenderer<'map'> = (props) => <BoundItem {...props} text={props.item.name} glyph={mapGlyph} />
