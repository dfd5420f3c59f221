/**
 * Grid toggle and snap (SPEC §2 Map editor; both are part of the document, so undoable), zoom and the
 * pointer tools (select, connect, pan).
 */
import { extentOf, fitCamera, zoomAt } from '../../shared/maps/view'
import type { ToolName } from '../model/editor'
import { defineAction, type Action, type ActionContext } from './types'

export const toggleGrid = defineAction({
  id: 'toggle-grid',
  label: 'editor.actions.toggle-grid',
  group: 'view',
  keys: ['Shift+G'],
  toolbar: true,
  enabled: () => true,
  perform: (draft) => {
    draft.grid.visible = !draft.grid.visible
  },
})

export const toggleSnap = defineAction({
  id: 'toggle-snap',
  label: 'editor.actions.toggle-snap',
  group: 'view',
  keys: ['Shift+S'],
  toolbar: true,
  enabled: () => true,
  perform: (draft) => {
    draft.grid.snap = !draft.grid.snap
  },
})

/** Fits the items (as turned, issue 18), or the whole resolution of an empty map. */
export function zoomToFitCamera(ctx: ActionContext) {
  const { viewport } = ctx.editor.get()
  const box = extentOf(Object.values(ctx.doc.items)) ?? { x: 0, y: 0, w: ctx.doc.resolution.width, h: ctx.doc.resolution.height }
  return fitCamera(box, viewport.width, viewport.height)
}

export const zoomToFit = defineAction({
  id: 'zoom-to-fit',
  label: 'editor.actions.zoom-to-fit',
  group: 'view',
  keys: ['Shift+1'],
  modes: ['edit', 'view'],
  toolbar: true,
  enabled: () => true,
  run: (ctx) => ctx.editor.set({ camera: zoomToFitCamera(ctx) }),
})

const zoom = (id: string, factor: number, keys: string[]) =>
  defineAction({
    id,
    label: `editor.actions.${id}`,
    group: 'view',
    keys,
    modes: ['edit', 'view'],
    toolbar: true,
    enabled: () => true,
    run: (ctx) => {
      const { camera, viewport } = ctx.editor.get()
      ctx.editor.set({ camera: zoomAt(camera, viewport.width / 2, viewport.height / 2, factor) })
    },
  })
export const zoomIn = zoom('zoom-in', 1.25, ['Mod+=', 'Mod++'])
export const zoomOut = zoom('zoom-out', 0.8, ['Mod+-'])

function tool(name: ToolName, key: string, modes: Action['modes'] = ['edit']): Action {
  return defineAction({
    id: `tool-${name}`,
    label: `editor.actions.tool-${name}`,
    group: 'tool',
    keys: [key],
    modes,
    toolbar: true,
    enabled: () => true,
    run: (ctx) => ctx.editor.set({ tool: name, connectFrom: null }),
  })
}
export const toolSelect = tool('select', 'V', ['edit', 'view'])
export const toolConnect = tool('connect', 'C')
export const toolPan = tool('pan', 'H', ['edit', 'view'])
