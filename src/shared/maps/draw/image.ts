/** An uploaded picture, stretched over the item; a crossed placeholder until it is at hand (renderers make no request). */
import type { ImageItem } from '../items'
import type { DrawContext, DrawOp } from './ops'

export const image = {
  ops(item: ImageItem, _state: unknown, { theme, lod, hasImage }: DrawContext): DrawOp[] {
    const { w, h } = item
    if (lod !== 'blocks' && hasImage(item.image_id)) return [{ op: 'image', imageId: item.image_id, x: 0, y: 0, w, h }]
    const box: DrawOp = { op: 'rect', x: 0, y: 0, w, h, fill: theme.fill, stroke: theme.muted, strokeWidth: 1 }
    return lod === 'blocks' ? [box] : [box, { op: 'path', d: `M0 0 L${w} ${h} L${w} 0 L0 ${h}`, stroke: theme.muted, strokeWidth: 1 }]
  },
}
