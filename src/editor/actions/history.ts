/** Undo and redo (SPEC §2 Map editor): ctrl+z, ctrl+shift+z (and ctrl+y). */
import { defineAction } from './types'

export const undo = defineAction({
  id: 'undo',
  label: 'editor.actions.undo',
  group: 'history',
  keys: ['Mod+Z'],
  toolbar: true,
  enabled: (ctx) => ctx.editor.get().history.past.length > 0,
  run: (ctx) => {
    ctx.editor.undo()
  },
})

export const redo = defineAction({
  id: 'redo',
  label: 'editor.actions.redo',
  group: 'history',
  keys: ['Mod+Shift+Z', 'Mod+Y'],
  toolbar: true,
  enabled: (ctx) => ctx.editor.get().history.future.length > 0,
  run: (ctx) => {
    ctx.editor.redo()
  },
})
