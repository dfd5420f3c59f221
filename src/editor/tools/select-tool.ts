/**
 * The pointer tools (STYLE.md "Undo": tools are small state machines, one handler per state and event):
 * select (click, shift-click, drag to move with grid and alignment snapping, rubber band, drag a connector out
 * of an item's handle), connect (pick two items, SPEC §5 rules) and pan. A move, link or rubber band is a
 * gesture: shown live through `gesture`, recorded once at pointer-up, dropped by Escape. The tool knows map
 * coordinates and item ids only; the canvas translates Konva events.
 */
import { kindOf, type Box } from '../../shared/maps'
import { extentOf, itemsMeeting, worldBox } from '../../shared/maps/view'
import { runEdit } from '../actions'
import { connect, move } from '../actions/document'
import { withGroups, type ConnectRefusal } from '../model/doc-ops'
import type { Camera, Editor } from '../model/editor'
import { alignLines, alignMove, type AlignLines } from '../model/guides'
import { nearBox, onHandle } from './connect-handles'
import { createReshaper } from './route-handles'

type Point = { x: number; y: number }

type ToolState =
  | { kind: 'idle' }
  | { kind: 'pressing'; start: Point; target: string | null; shift: boolean }
  | { kind: 'moving'; start: Point; ids: string[]; box: Box; lines: AlignLines }
  | { kind: 'linking'; from: string }
  | { kind: 'band'; start: Point; additive: boolean }
  | { kind: 'panning'; screen: Point; camera: Camera }
  | { kind: 'reshaping' }

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
/** How near (screen pixels) an edge or centre line must come to another item's to snap to it. */
export const ALIGN_TOLERANCE = 6

export interface Tool {
  down(input: PointerInput): void
  move(input: PointerInput): void
  up(input: PointerInput): void
  /** Escape: a gesture in progress returns to its start. True when there was one. */
  cancel(): boolean
}

export function createPointerTool(editor: Editor, onRefused: (reason: ConnectRefusal) => void): Tool {
  let state: ToolState = { kind: 'idle' }
  const reshaper = createReshaper(editor, DRAG_THRESHOLD)
  const editable = () => !editor.get().readOnly

  function pickLink(from: string, to: string) {
    const result: { refused: ConnectRefusal | null } = { refused: null }
    runEdit(editor, connect, { from, to, result })
    if (result.refused) onRefused(result.refused)
  }

  function pickForConnect(target: string | null) {
    const { connectFrom, doc } = editor.get()
    if (!target || !doc.items[target]) return
    if (!connectFrom) return editor.set({ connectFrom: target })
    editor.set({ connectFrom: null })
    pickLink(connectFrom, target)
  }

  /**
   * A move begins: the whole selection's world box is what snaps (issue 18: guides for a multi-selection, and a
   * rotated item by its rotated box), to the lines of the items that stay.
   */
  function startMove(start: Point, ids: string[]): ToolState {
    const { doc } = editor.get()
    const moving = new Set(ids)
    const others = Object.values(doc.items).filter((i) => !moving.has(i.id))
    const box = extentOf(ids.map((id) => doc.items[id]))!
    return { kind: 'moving', start, ids, box, lines: alignLines(others.map(worldBox)) }
  }

  /** The item whose connection handle is at `p` (`near`: whose handles stay shown there), if any. */
  function handleItem(p: Point, near = false): string | null {
    const { hover, doc, camera } = editor.get()
    const item = hover ? doc.items[hover] : undefined
    if (!item) return null
    return (near ? nearBox : onHandle)(kindOf(item).bounds(item), p, camera.scale) ? item.id : null
  }

  const itemOrNull = (id: string | null) => (id && editor.get().doc.items[id] ? id : null)

  return {
    down(input) {
      const { tool, selection, camera } = editor.get()
      if (input.pan || tool === 'pan') {
        state = { kind: 'panning', screen: input.screen, camera }
        return
      }
      if (tool === 'connect' && editable()) return pickForConnect(input.target)
      if (tool === 'select' && !input.shift && reshaper.begin(input.point)) {
        state = { kind: 'reshaping' }
        return
      }
      const linkFrom = editable() && !input.shift ? handleItem(input.point) : null
      if (linkFrom) {
        state = { kind: 'linking', from: linkFrom }
        editor.set({ gesture: { kind: 'link', from: linkFrom, to: input.point, target: null } })
        return
      }
      if (input.target) {
        // A member of a group stands for the whole group (issue 18 grouping).
        const group = withGroups(editor.get().doc, [input.target])
        if (input.shift) editor.select(group, 'toggle')
        else if (!selection.has(input.target)) editor.select(group)
      } else if (!input.shift) {
        editor.select([])
      }
      state = { kind: 'pressing', start: input.point, target: input.target, shift: input.shift }
    },
    move(input) {
      switch (state.kind) {
        case 'idle': {
          const { tool, hover } = editor.get()
          const next = tool === 'select' && editable() ? (itemOrNull(input.target) ?? handleItem(input.point, true)) : null
          if (next !== hover) editor.set({ hover: next })
          return
        }
        case 'linking': {
          const target = itemOrNull(input.target)
          editor.set({ gesture: { kind: 'link', from: state.from, to: input.point, target: target === state.from ? null : target } })
          return
        }
        case 'reshaping':
          return reshaper.drag(input.point)
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
            state = startMove(state.start, [target, ...ids.filter((id) => id !== target)])
            editor.set({ hover: null })
          } else {
            state = { kind: 'band', start: state.start, additive: state.shift }
          }
          return this.move(input)
        }
        case 'moving': {
          const { doc, camera, gesture: g } = editor.get()
          const grid = doc.grid.snap ? doc.grid.size : null
          const raw = { x: input.point.x - state.start.x, y: input.point.y - state.start.y }
          const d = alignMove(state.box, raw.x, raw.y, state.lines, ALIGN_TOLERANCE / camera.scale, grid)
          editor.set({ gesture: { kind: 'move', ids: g?.kind === 'move' ? g.ids : state.ids, dx: d.dx, dy: d.dy }, guides: d.guides })
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
        editor.set({ gesture: null, guides: [] })
        runEdit(editor, move, { ids: gesture.ids, dx: gesture.dx, dy: gesture.dy })
      } else if (state.kind === 'linking' && gesture?.kind === 'link') {
        editor.set({ gesture: null })
        if (gesture.target) pickLink(gesture.from, gesture.target)
      } else if (state.kind === 'reshaping') {
        reshaper.end()
      } else if (state.kind === 'band' && gesture?.kind === 'band') {
        editor.set({ gesture: null })
        editor.select(withGroups(doc, itemsMeeting(Object.values(doc.items), gesture.box)), gesture.additive ? 'add' : 'replace')
      }
      state = { kind: 'idle' }
    },
    cancel() {
      const busy = state.kind !== 'idle' && state.kind !== 'pressing'
      if (state.kind === 'panning') editor.set({ camera: state.camera })
      editor.set({ gesture: null, guides: [] })
      state = { kind: 'idle' }
      return busy
    },
  }
}
