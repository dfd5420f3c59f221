/** A host item (SPEC §4 HOST_MAP_STATE host values): the host's state in its state-icon style. */
import type { ItemRenderer } from './types'
import { BoundItem } from './parts'
import { hostGlyph } from './glyphs'

export const host: ItemRenderer<'host'> = (props) => <BoundItem {...props} text={props.item.name} glyph={hostGlyph} />
