/**
 * Layer 4 (STYLE.md "Rendering", editor only): selection outlines, resize/rotate handles (Konva Transformer on
 * proxy boxes, snapping to the grid and to other items' lines), alignment guides, connection handles and the
 * connector being dragged out, the rubber band, the item picked by the connect tool, and the items being
 * dragged: drawn here inside one group that follows the pointer, so a drag redraws this small layer only.
 */
import type Konva from 'konva'
import { memo, useEffect, useMemo, useRef } from 'react'
import { Circle, Group, Layer, Line, Rect, Transformer } from 'react-konva'
import { useStore } from 'zustand'
import { runEdit } from '../actions'
import { resize } from '../actions/document'
import type { MapDocument, MapItem } from '../../shared/maps'
import { worldBox } from '../../shared/maps/view'
import type { Editor, Gesture } from '../model/editor'
import { alignLines, guidesFor, settleBox, snapValue, type AlignLines } from '../model/guides'
import { editorKindOf } from '../items'
import { ALIGN_TOLERANCE } from '../tools/select-tool'
import { HANDLE_RADIUS, handlesOf } from '../tools/connect-handles'
import { routeHandles } from '../tools/route-handles'
import { boxesOf, linkOf } from '../model/links'
import { ConnectorShape, ItemShape, type DrawProps } from './ItemsLayer'

/** Alignment guides: magenta, as diagram editors draw them, apart from the accent of selections. */
const GUIDE_COLOUR = '#d63384'

/** The connector being dragged out of an item: from its centre to the pointer, the target outlined. */
function LinkPreview({
  from,
  to,
  target,
  doc,
  accent,
  scale,
}: Extract<Gesture, { kind: 'link' }> & { doc: MapDocument; accent: string; scale: number }) {
  const a = doc.items[from],
    b = target ? doc.items[target] : undefined
  const end = b ? { x: b.x + b.w / 2, y: b.y + b.h / 2 } : to
  return (
    <>
      <Line
        points={[a.x + a.w / 2, a.y + a.h / 2, end.x, end.y]}
        stroke={accent}
        strokeWidth={2 / scale}
        dash={[6 / scale, 4 / scale]}
        listening={false}
      />
      {b && <Rect x={b.x} y={b.y} width={b.w} height={b.h} stroke={accent} strokeWidth={3 / scale} listening={false} />}
    </>
  )
}

/** Beyond this many selected items the handles are left out (outlines stay). */
const MAX_HANDLES = 200
/** The box Konva's Transformer hands its boundBoxFunc (stage pixels, rotation in radians). */
type TransformBox = { x: number; y: number; width: number; height: number; rotation: number }
/** The height-to-width ratio an item keeps when resized, if its kind keeps one. */
const ratioOf = (item: MapItem) => (editorKindOf(item).keepRatio ? item.h / item.w : null)
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
  const guides = useStore(editor.store, (s) => s.guides)
  const hover = useStore(editor.store, (s) => s.hover)
  const transformer = useRef<Konva.Transformer>(null)
  const layer = useRef<Konva.Layer>(null)
  /** The lines of the items that are not being resized, from the start of a resize. */
  const lines = useRef<AlignLines>({ x: [], y: [] })

  const moving = gesture?.kind === 'move' ? gesture.ids : NONE
  const movingSet = useMemo(() => new Set(moving), [moving])
  const dx = gesture?.kind === 'move' ? gesture.dx : 0
  const dy = gesture?.kind === 'move' ? gesture.dy : 0
  const selected = useMemo(() => [...selection].flatMap((id) => (doc.items[id] ? [doc.items[id]] : [])), [selection, doc.items])
  const handles = !readOnly && gesture === null && selected.length > 0 && selected.length <= MAX_HANDLES
  const keepRatio = selected.some((item) => editorKindOf(item).keepRatio)
  const movingLinks = useMemo(() => {
    if (!moving.length) return []
    const boxes = boxesOf(doc.items, { ids: movingSet, dx, dy })
    return Object.values(doc.connectors).flatMap((c) => {
      const link = movingSet.has(c.from) || movingSet.has(c.to) ? linkOf(c, boxes, { ids: movingSet, dx, dy }) : null
      return link ? [link] : []
    })
  }, [doc, moving, movingSet, dx, dy])
  const selectedLinks = useMemo(() => {
    const boxes = boxesOf(doc.items)
    return [...selection].flatMap((id) => {
      const c = doc.connectors[id]
      // A connector being reshaped is shown with its new waypoints or attach points.
      const link = c && linkOf(gesture?.kind === 'reshape' && gesture.id === id ? { ...c, ...gesture.fields } : c, boxes)
      return link ? [link] : []
    })
  }, [doc, selection, gesture])

  useEffect(() => {
    const t = transformer.current
    if (!t) return
    t.nodes(handles ? layer.current!.find('.proxy') : [])
    t.getLayer()?.batchDraw()
  }, [handles, selected])

  function onTransformStart() {
    const { doc: d, selection: chosen } = editor.get()
    lines.current = alignLines(
      Object.values(d.items)
        .filter((i) => !chosen.has(i.id))
        .map(worldBox),
    )
  }

  /** A dragged resize handle lands on another item's line when near one, else on the grid (or a whole pixel). */
  function boundAnchor(_old: Konva.Vector2d, pos: Konva.Vector2d): Konva.Vector2d {
    const anchor = transformer.current?.getActiveAnchor() ?? ''
    if (anchor === 'rotater' || selected.some((i) => i.rotation !== 0)) return pos
    const { camera, doc: d } = editor.get()
    const grid = d.grid.snap ? d.grid.size : null
    const tolerance = ALIGN_TOLERANCE / camera.scale
    const x = (pos.x - camera.x) / camera.scale,
      y = (pos.y - camera.y) / camera.scale
    return {
      x: /left|right/.test(anchor) ? snapValue(x, lines.current.x, tolerance, grid) * camera.scale + camera.x : pos.x,
      y: /top|bottom/.test(anchor) ? snapValue(y, lines.current.y, tolerance, grid) * camera.scale + camera.y : pos.y,
    }
  }

  /**
   * A rotated item's anchors are not on the map's lines, so one rotated item snaps its size in its own frame
   * while resized (settleBox); a turn and several items pass through.
   */
  function boundBox(old: TransformBox, box: TransformBox): TransformBox {
    if (box.width < 4 || box.height < 4) return old
    const nodes = transformer.current?.nodes() ?? []
    const { camera, doc: d } = editor.get()
    const item = nodes.length === 1 ? d.items[nodes[0].id().slice('proxy-'.length)] : undefined
    if (!item || item.rotation === 0 || transformer.current?.getActiveAnchor() === 'rotater') return box
    const world = {
      x: (box.x - camera.x) / camera.scale,
      y: (box.y - camera.y) / camera.scale,
      w: box.width / camera.scale,
      h: box.height / camera.scale,
      rotation: (box.rotation * 180) / Math.PI,
    }
    const s = settleBox(world, lines.current, d.grid.snap ? d.grid.size : null, ratioOf(item), item)
    return {
      ...box,
      x: s.x * camera.scale + camera.x,
      y: s.y * camera.scale + camera.y,
      width: s.w * camera.scale,
      height: s.h * camera.scale,
    }
  }

  const boxOfNode = (node: Konva.Node) => ({
    id: node.id().slice('proxy-'.length),
    x: node.x(),
    y: node.y(),
    w: node.width() * node.scaleX(),
    h: node.height() * node.scaleY(),
    rotation: node.rotation(),
  })

  function onTransform() {
    const nodes = transformer.current!.nodes()
    editor.set({ guides: nodes.length === 1 && nodes[0].rotation() === 0 ? guidesFor(boxOfNode(nodes[0]), lines.current) : [] })
  }

  function onTransformEnd() {
    const { doc: d } = editor.get()
    const grid = d.grid.snap ? d.grid.size : null
    const boxes = transformer.current!.nodes().map((node) => {
      const box = boxOfNode(node)
      const item = d.items[box.id]
      // React set width/height; the transformer scaled: back to scale 1 before the new size arrives as props.
      node.scale({ x: 1, y: 1 })
      return settleBox(box, lines.current, grid, item ? ratioOf(item) : null, item)
    })
    editor.set({ guides: [] })
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
      {movingLinks.map((l) => (
        <ConnectorShape key={l.connector.id} {...l} {...draw} />
      ))}
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
      {selectedLinks.map((l) => (
        <ConnectorShape
          key={`sel-${l.connector.id}`}
          {...l}
          connector={{ ...l.connector, colour: draw.theme.accent, width: l.connector.width + 2 }}
          {...draw}
        />
      ))}
      {!readOnly &&
        selectedLinks.length === 1 &&
        selection.size === 1 &&
        routeHandles(selectedLinks[0]).map((h, n) => {
          const r = HANDLE_RADIUS / scale
          const look = { stroke: draw.theme.accent, strokeWidth: stroke, listening: false, name: `route-${h.kind}` }
          return h.kind === 'waypoint' ? (
            <Rect key={`route-${n}`} x={h.at.x - r} y={h.at.y - r} width={2 * r} height={2 * r} fill="#ffffff" {...look} />
          ) : (
            <Circle
              key={`route-${n}`}
              x={h.at.x}
              y={h.at.y}
              radius={h.kind === 'end' ? r : r * 0.8}
              fill={h.kind === 'end' ? draw.theme.accent : '#ffffff'}
              {...look}
            />
          )
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
      {guides.map((g, n) => (
        <Line
          key={`guide-${n}`}
          points={g.axis === 'x' ? [g.at, g.from, g.at, g.to] : [g.from, g.at, g.to, g.at]}
          stroke={GUIDE_COLOUR}
          strokeWidth={stroke}
          listening={false}
        />
      ))}
      {!readOnly &&
        gesture === null &&
        hover &&
        doc.items[hover] &&
        handlesOf(doc.items[hover], scale).map((p, n) => (
          <Circle
            key={`handle-${n}`}
            x={p.x}
            y={p.y}
            radius={HANDLE_RADIUS / scale}
            fill={draw.theme.accent}
            opacity={0.8}
            listening={false}
          />
        ))}
      {gesture?.kind === 'link' && doc.items[gesture.from] && (
        <LinkPreview {...gesture} doc={doc} accent={draw.theme.accent} scale={scale} />
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
        onTransformStart={onTransformStart}
        onTransform={onTransform}
        onTransformEnd={onTransformEnd}
        anchorDragBoundFunc={boundAnchor}
        boundBoxFunc={boundBox}
      />
    </Layer>
  )
}
