/**
 * The editor's Konva stage (STYLE.md "Rendering"): background, items and the editor overlay, each subscribed to
 * its own slice of the store. Pointer events go to the pointer tool in map coordinates with the item under the
 * pointer from the R-tree; the wheel pans (ctrl+wheel zooms); items dropped from the palette are placed here.
 * A double click (both clicks near one spot, double-click.ts) or F2 edits an item's text in place; a right click (or the menu key) opens the context menu.
 */
import type Konva from 'konva'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react'
import { Stage } from 'react-konva'
import { useStore } from 'zustand'
import { rememberedTheme } from '../../app/preferences'
import { mapTheme, useItemStates, useMapFont, useMapImages } from '../../viewer'
import { buildIndex, grow, labelScaleFor, lodFor, toWorld, visibleWorld, zoomAt } from '../../shared/maps/view'
import type { Editor } from '../model/editor'
import type { PointerInput, Tool } from '../tools/select-tool'
import { actionContext, type EditorMode } from '../actions'
import { ContextMenu } from '../components/ContextMenu'
import { BindHostPanel } from '../components/BindHostPanel'
import { BINDABLE_KINDS } from '../actions/document'
import { InlineTextEditor } from '../components/InlineTextEditor'
import { inlineFieldOf } from '../items'
import { zoomToFitCamera } from '../actions/view'
import { BackgroundLayer } from './BackgroundLayer'
import { createPressTrail } from './double-click'
import { hitAt } from './hit-index'
import { ItemsLayer } from './ItemsLayer'
import { OverlayLayer } from './OverlayLayer'
import { DiffLayer } from './DiffLayer'
import type { ChangeKind } from '../model/version-diff'

/** The palette's drag data type: JSON of what to place. */
export const PALETTE_MIME = 'application/x-vigil-map-item'

export interface EditorCanvasProps {
  editor: Editor
  /** The map, for its live states (issue 18: the editor shows what the wall shows). */
  map: { id: number; use_hard_state: boolean; hostgroup_id: number }
  /** The pointer tool (the page owns it, so that Escape on the keyboard can cancel its gesture). */
  pointer: Tool
  label: string
  mode: EditorMode
  notify?(messageKey: string): void
  onDropItem(data: string, at: { x: number; y: number }): void
  /** A version comparison's changes, highlighted over the items. */
  marks?: ReadonlyMap<string, ChangeKind>
}

export function EditorCanvas({ editor, map, pointer, label, mode, notify, onDropItem, marks }: EditorCanvasProps) {
  const box = useRef<HTMLDivElement>(null)
  const stage = useRef<Konva.Stage>(null)
  const doc = useStore(editor.store, (s) => s.doc)
  const camera = useStore(editor.store, (s) => s.camera)
  const viewport = useStore(editor.store, (s) => s.viewport)
  const tool = useStore(editor.store, (s) => s.tool)
  const theme = useMemo(() => mapTheme(rememberedTheme()), [])
  const images = useMapImages(doc)
  const index = useMemo(() => buildIndex(doc), [doc])
  // The wall's level of detail (issue 18: the editor shows what the wall shows), judged on the same overscanned view.
  const lod = lodFor(camera.scale, index.items(grow(visibleWorld(camera, viewport.width, viewport.height), 0.5)).length)
  const labelScale = labelScaleFor(camera.scale, doc.view?.labels === 'always')
  const states = useItemStates(map.id, doc, map.use_hard_state)
  const [editing, setEditing] = useState<string | null>(null)
  const presses = useMemo(createPressTrail, [])
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null)
  const [binding, setBinding] = useState<{ id: string; at: { x: number; y: number } } | null>(null)
  const closeMenu = useCallback(() => {
    setMenu(null)
    box.current?.focus()
  }, [])
  const endEditing = useCallback(() => {
    setEditing(null)
    box.current?.focus()
  }, [])

  /** The one selected item "Bind to host…" applies to, if any. */
  function bindableItem(): string | null {
    const { selection, doc: d, readOnly } = editor.get()
    const [id] = selection
    return !readOnly && selection.size === 1 && d.items[id] && BINDABLE_KINDS.includes(d.items[id].kind) ? id : null
  }

  /** The one selected item whose text can be edited in place, if any. */
  function editableItem(): string | null {
    const { selection, doc: d, readOnly } = editor.get()
    const [id] = selection
    return !readOnly && selection.size === 1 && d.items[id] && inlineFieldOf(d.items[id]) ? id : null
  }

  useEffect(() => {
    const el = box.current!
    let fitted = false
    const observer = new ResizeObserver(() => {
      editor.set({ viewport: { width: el.clientWidth, height: el.clientHeight } })
      // The map opens fitted to the window.
      if (!fitted && el.clientWidth > 0) {
        fitted = true
        editor.set({ camera: zoomToFitCamera(actionContext(editor)) })
      }
    })
    observer.observe(el)
    // A gesture that ends outside the canvas still ends.
    const up = () => pointer.up({ point: { x: 0, y: 0 }, screen: { x: 0, y: 0 }, target: null, shift: false })
    window.addEventListener('mouseup', up)
    return () => {
      observer.disconnect()
      window.removeEventListener('mouseup', up)
    }
  }, [editor, pointer])

  function input(e: Konva.KonvaEventObject<MouseEvent>): PointerInput | null {
    const screen = stage.current?.getPointerPosition()
    if (!screen) return null
    const cam = editor.get().camera
    const point = toWorld(cam, screen.x, screen.y)
    return { point, screen, target: hitAt(doc, index, point, 6 / cam.scale), shift: e.evt.shiftKey, pan: e.evt.button === 1 }
  }

  function onDown(e: Konva.KonvaEventObject<MouseEvent>) {
    const at = stage.current?.getPointerPosition()
    if (at) presses.press(at)
    // The transformer's handles resize and rotate on their own.
    if (e.target.getParent()?.getClassName() === 'Transformer') return
    box.current?.focus()
    // The right button opens the context menu (onContextMenu) and starts no gesture.
    if (e.evt.button === 2) return
    const i = input(e)
    if (i) pointer.down(i)
  }

  function onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
    e.evt.preventDefault()
    const cam = editor.get().camera
    if (e.evt.ctrlKey || e.evt.metaKey) {
      const at = stage.current!.getPointerPosition() ?? { x: viewport.width / 2, y: viewport.height / 2 }
      editor.set({ camera: zoomAt(cam, at.x, at.y, e.evt.deltaY < 0 ? 1.1 : 1 / 1.1) })
    } else {
      editor.set({ camera: { ...cam, x: cam.x - e.evt.deltaX, y: cam.y - e.evt.deltaY } })
    }
  }

  function onDoubleClick(e: Konva.KonvaEventObject<MouseEvent>) {
    const i = input(e)
    if (!i?.target || editor.get().tool !== 'select' || !presses.isDouble(i.screen)) return
    editor.select([i.target])
    if (editableItem() === i.target) setEditing(i.target)
  }

  function onContextMenu(e: ReactMouseEvent<HTMLDivElement>) {
    e.preventDefault()
    const rect = box.current!.getBoundingClientRect()
    const at = { x: e.clientX - rect.left, y: e.clientY - rect.top }
    // An item right-clicked outside the selection becomes the selection; the empty canvas clears it.
    const target = hitAt(doc, index, toWorld(editor.get().camera, at.x, at.y), 6 / editor.get().camera.scale)
    if (!target) editor.select([])
    else if (!editor.get().selection.has(target)) editor.select([target])
    setMenu(at)
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.target !== box.current) return
    if (e.key === 'F2' && editableItem()) {
      e.preventDefault()
      setEditing(editableItem())
    } else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault()
      setMenu({ x: 16, y: 16 })
    }
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    const data = e.dataTransfer.getData(PALETTE_MIME)
    if (!data) return
    e.preventDefault()
    const rect = box.current!.getBoundingClientRect()
    onDropItem(data, toWorld(editor.get().camera, e.clientX - rect.left, e.clientY - rect.top))
  }

  const draw = { theme, lod, labelScale, images, states }
  const fontReady = useMapFont()
  return (
    <div
      ref={box}
      className="flex-grow-1 position-relative overflow-hidden border"
      role="application"
      aria-label={label}
      data-lod={lod}
      tabIndex={0}
      style={{
        minWidth: 0,
        cursor: tool === 'pan' ? 'grab' : tool === 'connect' ? 'crosshair' : 'default',
        background: theme.dark ? '#111' : '#e9ecef',
        outline: 'none',
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(PALETTE_MIME)) e.preventDefault()
      }}
      onDrop={onDrop}
      onContextMenu={onContextMenu}
      onKeyDown={onKeyDown}
    >
      {/* Absolutely placed, so the stage's size never widens the page (the container decides it). */}
      <div className="position-absolute top-0 start-0">
        <Stage
          ref={stage}
          width={viewport.width}
          height={viewport.height}
          x={camera.x}
          y={camera.y}
          scaleX={camera.scale}
          scaleY={camera.scale}
          onMouseDown={onDown}
          onMouseMove={(e) => {
            const i = input(e)
            if (i) pointer.move(i)
          }}
          onMouseUp={(e) => {
            const i = input(e)
            if (i) pointer.up(i)
          }}
          onWheel={onWheel}
          onDblClick={onDoubleClick}
        >
          <BackgroundLayer resolution={doc.resolution} background={doc.background} grid={doc.grid} theme={theme} images={images} />
          {fontReady && <ItemsLayer editor={editor} {...draw} />}
          {marks && <DiffLayer editor={editor} marks={marks} />}
          <OverlayLayer editor={editor} {...draw} />
        </Stage>
      </div>
      {editing && <InlineTextEditor key={editing} editor={editor} id={editing} onDone={endEditing} />}
      {menu && (
        <ContextMenu
          editor={editor}
          mode={mode}
          at={menu}
          notify={notify}
          onEditText={editableItem() ? () => setEditing(editableItem()) : undefined}
          onBindHost={bindableItem() ? () => setBinding({ id: bindableItem()!, at: menu }) : undefined}
          onClose={closeMenu}
        />
      )}
      {binding && (
        <BindHostPanel
          editor={editor}
          id={binding.id}
          at={binding.at}
          hostgroupId={map.hostgroup_id}
          notify={notify}
          onClose={() => {
            setBinding(null)
            box.current?.focus()
          }}
        />
      )}
    </div>
  )
}
