/** An environment item: the worst state of the environment's hosts and resources. */
import type { ItemRenderer } from './types'
import { BoundItem } from './parts'
import { environmentGlyph } from './glyphs'

export const environment: ItemRenderer<'environment'> = (props) => <BoundItem {...props} text={props.item.name} glyph={environmentGlyph} />
