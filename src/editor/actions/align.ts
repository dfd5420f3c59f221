/** Align and distribute the selected items (what engineers expect of a diagram editor, issue 6). */
import { kindOf, type MapItem } from '../../shared/maps'
import { selectedItems, unionBox, type DocDraft } from '../model/doc-ops'
import { defineAction, type Action, type ActionContext } from './types'

type Edge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom'

const atLeast = (n: number) => (ctx: ActionContext) => selectedItems(ctx.doc, ctx.selection).length >= n

function align(edge: Edge, keys: string[]): Action {
  return defineAction({
    id: `align-${edge}`,
    label: `editor.actions.align-${edge}`,
    group: 'align',
    keys,
    toolbar: true,
    enabled: atLeast(2),
    perform: (draft, ctx) => {
      const items = selectedItems(ctx.doc, ctx.selection)
      const box = unionBox(items)!
      for (const item of items) {
        const b = kindOf(item).bounds(item)
        const target = draft.items[item.id]
        if (edge === 'left') target.x += box.x - b.x
        if (edge === 'center') target.x += box.x + box.w / 2 - (b.x + b.w / 2)
        if (edge === 'right') target.x += box.x + box.w - (b.x + b.w)
        if (edge === 'top') target.y += box.y - b.y
        if (edge === 'middle') target.y += box.y + box.h / 2 - (b.y + b.h / 2)
        if (edge === 'bottom') target.y += box.y + box.h - (b.y + b.h)
      }
    },
  })
}

/** Equal gaps between the items along one axis, the outermost two staying where they are. */
function distribute(draft: DocDraft, items: MapItem[], axis: 'x' | 'y') {
  const size = axis === 'x' ? 'w' : 'h'
  const boxes = items.map((item) => ({ id: item.id, b: kindOf(item).bounds(item) })).sort((a, b) => a.b[axis] - b.b[axis])
  const first = boxes[0].b,
    last = boxes[boxes.length - 1].b
  const total = boxes.reduce((sum, { b }) => sum + b[size], 0)
  const gap = (last[axis] + last[size] - first[axis] - total) / (boxes.length - 1)
  let at = first[axis]
  for (const { id, b } of boxes) {
    draft.items[id][axis] += at - b[axis]
    at += b[size] + gap
  }
}

export const alignLeft = align('left', ['Alt+A'])
export const alignCenter = align('center', ['Alt+H'])
export const alignRight = align('right', ['Alt+D'])
export const alignTop = align('top', ['Alt+W'])
export const alignMiddle = align('middle', ['Alt+V'])
export const alignBottom = align('bottom', ['Alt+S'])

export const distributeHorizontal = defineAction({
  id: 'distribute-horizontal',
  label: 'editor.actions.distribute-horizontal',
  group: 'align',
  keys: ['Alt+Shift+H'],
  toolbar: true,
  enabled: atLeast(3),
  perform: (draft, ctx) => distribute(draft, selectedItems(ctx.doc, ctx.selection), 'x'),
})

export const distributeVertical = defineAction({
  id: 'distribute-vertical',
  label: 'editor.actions.distribute-vertical',
  group: 'align',
  keys: ['Alt+Shift+V'],
  toolbar: true,
  enabled: atLeast(3),
  perform: (draft, ctx) => distribute(draft, selectedItems(ctx.doc, ctx.selection), 'y'),
})
