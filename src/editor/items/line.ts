/** The editor's free line or arrow: resizing scales its points (they are what is drawn; w/h are their extent). */
import type { Draft } from 'immer'
import type { LineItem, MapItem } from '../../shared/maps'
import { labelField, type EditorKindDef, type ItemBox } from './types'

const extent = (values: number[]) => Math.max(...values) - Math.min(...values)

/** Scales the points about the item's origin so their extent fills the box; w/h stay the extent (at least 1). */
function resize(draft: Draft<MapItem>, box: ItemBox) {
  const item = draft as Draft<LineItem>
  const xs = item.points.filter((_, i) => i % 2 === 0),
    ys = item.points.filter((_, i) => i % 2 === 1)
  // A straight horizontal or vertical line has no extent across: there is nothing to scale that way.
  const sx = extent(xs) > 0 ? Math.max(1, box.w) / extent(xs) : 1
  const sy = extent(ys) > 0 ? Math.max(1, box.h) / extent(ys) : 1
  item.points = item.points.map((v, i) => (i % 2 === 0 ? v * sx : v * sy))
  Object.assign(item, { x: box.x, y: box.y, w: Math.max(1, extent(xs) * sx), h: Math.max(1, extent(ys) * sy), rotation: box.rotation })
}

export const line: EditorKindDef = {
  keepRatio: false,
  fields: [
    labelField,
    { key: 'arrow', label: 'editor.inspector.arrow', type: 'select', options: ['none', 'end', 'both'] },
    { key: 'dash', label: 'editor.inspector.dash', type: 'checkbox' },
    { key: 'stroke_width', label: 'editor.inspector.strokeWidth', type: 'number', min: 0.5, max: 40 },
    { key: 'style.stroke', label: 'editor.inspector.stroke', type: 'colour' },
  ],
  resize,
}
