/**
 * Layer 4 (STYLE.md "Rendering", editor only): selection outlines, resize/rotate handles (Konva Transformer on
 * proxy boxes), the rubber band, the item picked by the connect tool, and the items being dragged: drawn here
 * inside one group that follows the pointer, so a drag redraws this small layer only.
 */
import type Konva from 'konva'
import { memo, useEffect, useMemo, useRef } from 'react'
import { Group, Layer, Rect, Transformer } from 'react-konva'
import { useStore } from 'zustand'
import { runEdit } from '../actions'
import { resize } from '../actions/document'
import type { Editor } from '../model/editor'
import { editorKindOf } from '../items'
import { ConnectorShape, ItemShape, type DrawProps } from './ItemsLayer'

/** Beyond this many selected items the handles are left out (outlines stay). */
const MAX_HANDLES = 200
const NONE: readonly string[] = []

const MovingItems = memo(function MovingItems({ editor, ids, ...draw }: DrawProps & { editor: Editor; ids: readonly string[] }) {
  const items = useStore(editor.store, (s) => s.doc.items)
  return <>{ids.map((id) => (items[id] ? <ItemShape key={id} item={items[id]} {...draw} /> : null))}</>
})

export function OverlayLayer({ editor, ...draw }: DrawProps & { editor: Editor }) {
  const doc = useStore(editor.store, (s) => s.doc)
  const selection = useStore(editor.store, (s) => s.selection)
  const gesture = useStore(editor.store, (s) => s.gesture)
  const connectFrom = useStore(editor.store, (s) => s.connectFrom)
  const readOnly = useStore(editor.store, (s) => s.readOnly)
  const scale = useStore(editor.store, (s) => s.camera.scale)
  const transformer = useRef<Konva.Transformer>(null)
  const layer = useRef<Konva.Layer>(null)

  const moving = gesture?.kind === 'move' ? gesture.ids : NONE
  const movingSet = useMemo(() => new Set(moving), [moving])
  const dx = gesture?.kind === 'move' ? gesture.dx : 0
  const dy = gesture?.kind === 'move' ? gesture.dy : 0
  const selected = useMemo(() => [...selection].flatMap((id) => (doc.items[id] ? [doc.items[id]] : [])), [selection, doc.items])
  const handles = !readOnly && gesture === null && selected.length > 0 && selected.length <= MAX_HANDLES
  const keepRatio = selected.some((item) => editorKindOf(item).keepRatio)

  useEffect(() => {
    const t = transformer.current
    if (!t) return
    t.nodes(handles ? layer.current!.find('.proxy') : [])
    t.getLayer()?.batchDraw()
  }, [handles, selected])

  function onTransformEnd() {
    const boxes = transformer.current!.nodes().map((node) => {
      const box = {
        id: node.id().slice('proxy-'.length),
        x: node.x(),
        y: node.y(),
        w: node.width() * node.scaleX(),
        h: node.height() * node.scaleY(),
        rotation: node.rotation(),
      }
      // React set width/height; the transformer scaled: back to scale 1 before the new size arrives as props.
      node.scale({ x: 1, y: 1 })
      return box
    })
    runEdit(editor, resize, { boxes })
  }

  const stroke = 1.5 / scale
  return (
    <Layer ref={layer}>
      {moving.length > 0 && (
        <Group x={dx} y={dy} listening={false} opacity={0.85}>
          <MovingItems editor={editor} ids={moving} {...draw} />
        </Group>
      )}
      {moving.length > 0 &&
        Object.values(doc.connectors).map((c) => {
          const from = doc.items[c.from],
            to = doc.items[c.to]
          if (!from || !to || (!movingSet.has(c.from) && !movingSet.has(c.to))) return null
          const shift = (item: typeof from) => (movingSet.has(item.id) ? { ...item, x: item.x + dx, y: item.y + dy } : item)
          return <ConnectorShape key={c.id} connector={c} from={shift(from)} to={shift(to)} {...draw} />
        })}
      {selected.map((item) => (
        <Rect
          key={item.id}
          id={`proxy-${item.id}`}
          name="proxy"
          x={item.x + (movingSet.has(item.id) ? dx : 0)}
          y={item.y + (movingSet.has(item.id) ? dy : 0)}
          width={item.w}
          height={item.h}
          rotation={item.rotation}
          stroke={draw.theme.accent}
          strokeWidth={stroke}
          dash={[4 / scale, 3 / scale]}
          listening={false}
        />
      ))}
      {[...selection]
        .flatMap((id) => (doc.connectors[id] ? [doc.connectors[id]] : []))
        .map((c) => {
          const from = doc.items[c.from],
            to = doc.items[c.to]
          return from && to ? (
            <ConnectorShape
              key={`sel-${c.id}`}
              connector={{ ...c, colour: draw.theme.accent, width: c.width + 2 }}
              from={from}
              to={to}
              {...draw}
            />
          ) : null
        })}
      {connectFrom && doc.items[connectFrom] && (
        <Rect
          x={doc.items[connectFrom].x - 4 / scale}
          y={doc.items[connectFrom].y - 4 / scale}
          width={doc.items[connectFrom].w + 8 / scale}
          height={doc.items[connectFrom].h + 8 / scale}
          stroke={draw.theme.accent}
          strokeWidth={2 * stroke}
          listening={false}
        />
      )}
      {gesture?.kind === 'band' && (
        <Rect
          x={gesture.box.x}
          y={gesture.box.y}
          width={gesture.box.w}
          height={gesture.box.h}
          fill="rgba(13,110,253,0.08)"
          stroke={draw.theme.accent}
          strokeWidth={stroke}
          listening={false}
        />
      )}
      <Transformer
        ref={transformer}
        visible={handles}
        keepRatio={keepRatio}
        rotateEnabled
        ignoreStroke
        flipEnabled={false}
        anchorSize={8}
        borderStroke={draw.theme.accent}
        anchorStroke={draw.theme.accent}
        onTransformEnd={onTransformEnd}
        boundBoxFunc={(oldBox, box) => (box.width < 4 || box.height < 4 ? oldBox : box)}
      />
    </Layer>
  )
}
