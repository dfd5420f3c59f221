/** Move the selection with the arrow keys: one pixel, or one grid step with shift (issue 6). */
import { moveItems, selectedItems } from '../model/doc-ops'
import { defineAction, type Action } from './types'

const DIRECTIONS = { left: [-1, 0, 'ArrowLeft'], right: [1, 0, 'ArrowRight'], up: [0, -1, 'ArrowUp'], down: [0, 1, 'ArrowDown'] } as const

function nudge(direction: keyof typeof DIRECTIONS, byGrid: boolean): Action {
  const [dx, dy, key] = DIRECTIONS[direction]
  const id = `${byGrid ? 'nudge-grid' : 'nudge'}-${direction}`
  return defineAction({
    id,
    label: `editor.actions.${id}`,
    group: 'move',
    keys: [byGrid ? `Shift+${key}` : key],
    enabled: (ctx) => selectedItems(ctx.doc, ctx.selection).length > 0,
    perform: (draft, ctx) => {
      const step = byGrid ? ctx.doc.grid.size : 1
      moveItems(draft, ctx.selection, dx * step, dy * step)
    },
  })
}

export const nudgeActions = (['left', 'right', 'up', 'down'] as const).flatMap((d) => [nudge(d, false), nudge(d, true)])
