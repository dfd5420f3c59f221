/**
 * The pointer tools (STYLE.md "Undo": tools are small state machines, one handler per state and event):
 * select (click, shift-click, drag to move, rubber band), connect (pick two items, SPEC §5 rules) and pan.
 * A move or rubber band is a gesture: shown live through `gesture`, recorded once at pointer-up, dropped by
 * Escape. The tool knows map coordinates and item ids only; the canvas translates Konva events.
 */
import { runEdit } from '../actions'
import { connect, move } from '../actions/document'
import { itemsIn, snap, type ConnectRefusal } from '../model/doc-ops'
import type { Camera, Editor } from '../model/editor'

type Point = { x: number; y: number }

type ToolState =
  | { kind: 'idle' }
  | { kind: 'pressing'; start: Point; target: string | null; shift: boolean }
  | { kind: 'moving'; start: Point; ids: string[] }
  | { kind: 'band'; start: Point; additive: boolean }
  | { kind: 'panning'; screen: Point; camera: Camera }

export interface PointerInput {
  /** Map coordinates. */
  point: Point
  screen: Point
  target: string | null
  shift: boolean
  /** Middle button or the pan tool. */
  pan?: boolean
}

/** A press that travels less than this (screen pixels) is a click. */
const DRAG_THRESHOLD = 3

export interface Tool {
  down(input: PointerInput): void
  move(input: PointerInput): void
  up(input: PointerInput): void
  /** Escape: a gesture in progress returns to its start. True when there was one. */
  cancel(): boolean
}

export function createPointerTool(editor: Editor, onRefused: (reason: ConnectRefusal) => void): Tool {
  let state: ToolState = { kind: 'idle' }
  const editable = () => !editor.get().readOnly

  function pickForConnect(target: string | null) {
    const { connectFrom, doc } = editor.get()
    if (!target || !doc.items[target]) return
    if (!connectFrom) return editor.set({ connectFrom: target })
    const result: { refused: ConnectRefusal | null } = { refused: null }
    runEdit(editor, connect, { from: connectFrom, to: target, result })
    editor.set({ connectFrom: null })
    if (result.refused) onRefused(result.refused)
  }

  /** Snaps the first moved item's corner to the grid, and moves the others with it. */
  function offset(ids: string[], start: Point, p: Point): Point {
    const { doc } = editor.get()
    let dx = p.x - start.x,
      dy = p.y - start.y
    const anchor = doc.items[ids[0]]
    if (doc.grid.snap && anchor) {
      dx = snap(anchor.x + dx, doc.grid.size) - anchor.x
      dy = snap(anchor.y + dy, doc.grid.size) - anchor.y
    }
    return { x: dx, y: dy }
  }

  return {
    down(input) {
      const { tool, selection, camera } = editor.get()
      if (input.pan || tool === 'pan') {
        state = { kind: 'panning', screen: input.screen, camera }
        return
      }
      if (tool === 'connect' && editable()) return pickForConnect(input.target)
      if (input.target) {
        if (input.shift) editor.select([input.target], 'toggle')
        else if (!selection.has(input.target)) editor.select([input.target])
      } else if (!input.shift) {
        editor.select([])
      }
      state = { kind: 'pressing', start: input.point, target: input.target, shift: input.shift }
    },
    move(input) {
      switch (state.kind) {
        case 'idle':
          return
        case 'panning': {
          const c = state.camera
          editor.set({ camera: { ...c, x: c.x + input.screen.x - state.screen.x, y: c.y + input.screen.y - state.screen.y } })
          return
        }
        case 'pressing': {
          const { camera, doc, selection } = editor.get()
          if (Math.hypot(input.point.x - state.start.x, input.point.y - state.start.y) * camera.scale < DRAG_THRESHOLD) return
          const target = state.target
          if (target) {
            const ids = [...selection].filter((id) => doc.items[id])
            if (!editable() || !selection.has(target) || ids.length === 0) {
              state = { kind: 'idle' }
              return
            }
            // The pressed item first: it is the one that snaps to the grid.
            state = { kind: 'moving', start: state.start, ids: [target, ...ids.filter((id) => id !== target)] }
          } else {
            state = { kind: 'band', start: state.start, additive: state.shift }
          }
          return this.move(input)
        }
        case 'moving': {
          const d = offset(state.ids, state.start, input.point)
          const g = editor.get().gesture
          editor.set({ gesture: { kind: 'move', ids: g?.kind === 'move' ? g.ids : state.ids, dx: d.x, dy: d.y } })
          return
        }
        case 'band': {
          const { start } = state
          const box = {
            x: Math.min(start.x, input.point.x),
            y: Math.min(start.y, input.point.y),
            w: Math.abs(input.point.x - start.x),
            h: Math.abs(input.point.y - start.y),
          }
          editor.set({ gesture: { kind: 'band', box, additive: state.additive } })
          return
        }
      }
    },
    up() {
      const { gesture, doc } = editor.get()
      if (state.kind === 'moving' && gesture?.kind === 'move') {
        editor.set({ gesture: null })
        runEdit(editor, move, { ids: gesture.ids, dx: gesture.dx, dy: gesture.dy })
      } else if (state.kind === 'band' && gesture?.kind === 'band') {
        editor.set({ gesture: null })
        editor.select(itemsIn(doc, gesture.box), gesture.additive ? 'add' : 'replace')
      }
      state = { kind: 'idle' }
    },
    cancel() {
      const busy = state.kind === 'moving' || state.kind === 'band' || state.kind === 'panning'
      if (state.kind === 'panning') editor.set({ camera: state.camera })
      editor.set({ gesture: null })
      state = { kind: 'idle' }
      return busy
    },
  }
}
