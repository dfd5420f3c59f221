/**
 * The map canvas (DESIGN.md "Rendering", Konva performance guidance). Layers, none listening — hit tests are
 * an R-tree lookup where the user clicked: (1) background and unbound items, (2) connectors in one batched shape,
 * (3) live: bound items in their state colours. Connectors have a layer of their own only where live bandwidth
 * colours them, else they are drawn in (1): Chromium hands the compositor every shown canvas in each frame that
 * any of them was drawn (0.7 ms each at 1920×1080), so a wall's repaint costs one fewer. A feed delta repaints
 * layer 3 only: through the one node of the changed item at close zoom, or, zoomed out, the per-colour batch
 * shapes around the items whose colour changed (batch.ts repaintBlocks). Items off screen are culled (with
 * overscan, so panning re-culls rarely) and far zoom draws blocks; a label shows where it is readable on screen,
 * or always when pinned (issue 18).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type Konva from 'konva'
import { Image as KImage, Layer, Rect, Shape, Stage } from '../konva'
import type { Connector, MapDocument, MapItem } from '../../shared/maps'
import type { BandwidthReading } from '../../shared/maps/bandwidth'
import { ItemNode } from '../items'
import type { ImageLookup, Lod } from '../items/types'
import { isLive, type MapTheme } from '../../shared/maps/draw'
import type { LiveStates } from '../live/live-states'
import { watchBandwidthStaleness } from './bandwidth-staleness'
import {
  buildBatchModel,
  clearCanvas,
  connectorStyles,
  drawBlocks,
  drawConnectors,
  liveIndex,
  recolour,
  repaintBlocks,
  unboundBlocks,
} from './batch'
import {
  contains,
  contentBox,
  fitCamera,
  grow,
  labelScaleFor,
  lodFor,
  toWorld,
  visibleWorld,
  zoomAt,
  type Camera,
  type SpatialIndex,
} from '../../shared/maps/view'
import { MovingPicture } from './moving-picture'
import { showInView } from './view-cull'
import { FULL_SIZE } from '../layout'
import { useMapFont } from '../map-font'

export interface MapCanvasProps {
  doc: MapDocument
  index: SpatialIndex
  /** Null until the states have come: the map is drawn without its bound items meanwhile. */
  live: LiveStates | null
  theme: MapTheme
  images?: ImageLookup
  /** `always`: every resize refits (fullscreen NOC walls); `initial`: fit once, then the user pans and zooms. */
  fit: 'always' | 'initial'
  reading: (c: Connector) => BandwidthReading | undefined
  /** A click on a bound item (null: on nothing), with the point in the canvas' pixels. */
  onItemClick?: (itemId: string | null, at: { x: number; y: number }) => void
  /** The bound item under a still pointer (null: none), for its tooltip; called when it changes. */
  onItemHover?: (itemId: string | null, at: { x: number; y: number }) => void
  /** The caller's handle on the camera (to place a popover for an item picked from the text alternative). */
  camera?: React.RefObject<Camera>
  /** Labels at any zoom (a wall's or the map's choice, issue 18); otherwise only where they are readable. */
  pinLabels?: boolean
}

interface Cull {
  area: { x: number; y: number; w: number; h: number }
  lod: Lod
  scale: number
  /** The stepped scale labels are judged at (shared/maps/view/lod.ts). */
  labels: number
  bound: string[]
  unbound: string[]
}
const CLICK_SLOP_PX = 5
/** While the camera moves at blocks LOD, the layers are redrawn at most this often. */
const TRANSFORM_MS = 100
// A wheel has no end event: the sharp drawing follows this long after the last move (issue 18 settle ≤ 100 ms).
const SETTLE_AFTER_MS = 50
/** A live delta recolouring more than one item in this many repaints the whole live layer, not around each item. */
const WHOLE_REPAINT_SHARE = 8

const LiveItem = memo(function LiveItem({
  item,
  live,
  theme,
  lod,
  images,
  labelScale,
}: {
  item: MapItem
  live: LiveStates
  theme: MapTheme
  lod: Lod
  images?: ImageLookup
  labelScale: number
}) {
  const state = useSyncExternalStore(
    useCallback((cb: () => void) => live.subscribeItem(item.id, cb), [live, item.id]),
    () => live.stateOf(item.id),
  )
  return <ItemNode item={item} state={state} theme={theme} lod={lod} images={images} listening={false} labelScale={labelScale} />
})

export function MapCanvas({
  doc,
  index,
  live,
  theme,
  images,
  fit,
  reading,
  onItemClick,
  onItemHover,
  camera: cameraProp,
  pinLabels = false,
}: MapCanvasProps) {
  const box = useRef<HTMLDivElement>(null)
  const stage = useRef<Konva.Stage>(null)
  const liveLayer = useRef<Konva.Layer>(null)
  const backgroundLayer = useRef<Konva.Layer>(null)
  const connectorLayer = useRef<Konva.Layer>(null)
  const own = useRef<Camera>({ x: 0, y: 0, scale: 1 })
  const camera = cameraProp ?? own
  const fitted = useRef(false)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const [cull, setCull] = useState<Cull | null>(null)
  const bound = useMemo(
    () =>
      new Set(
        Object.values(doc.items)
          .filter(isLive)
          .map((i) => i.id),
      ),
    [doc],
  )
  const model = useMemo(() => buildBatchModel(doc, index, (id) => bound.has(id)), [doc, index, bound])
  const hasBandwidth = useMemo(() => Object.values(doc.connectors).some((c) => c.bandwidth), [doc])
  // Each item's live palette index, patched from the changed ids so a repaint reads typed arrays only.
  const liveIdx = useMemo(() => Uint8Array.from(model.ids, (id) => liveIndex(live?.stateOf(id))), [model, live])
  const view = useRef({ x: 0, y: 0, w: 0, h: 0 })
  const cullNow = useRef<Cull | null>(null)
  const lodNow = useRef<Lod>('blocks')
  /** The items whose colour a live delta changed, while the live layer repaints only them (see the subscription). */
  const repainting = useRef<number[] | null>(null)
  lodNow.current = cull?.lod ?? 'blocks'

  const recull = useCallback(
    (force: boolean) => {
      if (!size) return
      const seen = visibleWorld(camera.current, size.width, size.height)
      view.current = visibleWorld(drawn.current, size.width, size.height)
      const prev = cullNow.current
      const labels = labelScaleFor(camera.current.scale, pinLabels)
      if (!force && prev) {
        const byScale = lodFor(camera.current.scale, 0)
        // Zoomed out to blocks, the batch shapes cull themselves from typed arrays: nothing to do per frame.
        if (byScale === 'blocks' && prev.lod === 'blocks') return
        // Closer, the nodes stay while the view is inside the overscan and the zoom keeps its level and label step.
        const sameLevel = (prev.lod === byScale && prev.labels === labels) || (prev.lod === 'blocks' && prev.scale === camera.current.scale)
        if (contains(prev.area, seen) && sameLevel) return
      }
      const area = grow(seen, 0.5)
      const ids = index.items(area)
      const lod = lodFor(camera.current.scale, ids.length)
      // Blocks are drawn by the batch shapes; only detail levels need the id lists as nodes.
      const scale = camera.current.scale
      const next =
        lod === 'blocks'
          ? { area, lod, scale, labels, bound: [], unbound: [] }
          : { area, lod, scale, labels, bound: ids.filter((id) => bound.has(id)), unbound: ids.filter((id) => !bound.has(id)) }
      cullNow.current = next
      setCull(next)
    },
    [size, index, bound, pinLabels],
  )

  // The camera the layers were last drawn with; between redraws the drawn pixels are moved by CSS.
  const drawn = useRef<Camera>(camera.current)
  const lastDraw = useRef(0)
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null)
  const applyRef = useRef<(c: Camera, settle?: boolean) => void>(() => undefined)
  // The colour around the map: the canvas' own background, and what the moving picture is filled with.
  const surround = theme.dark ? theme.background : '#eef0f3'
  const surroundNow = useRef(surround)
  surroundNow.current = surround
  const picture = useMemo(() => new MovingPicture(() => surroundNow.current), [])
  /** Moves the camera; `settle` draws for real (the end of a gesture). */
  const apply = useCallback(
    (c: Camera, settle = false) => {
      camera.current = c
      // The camera is readable from the page (tests and the accessible item list place things with it).
      box.current?.setAttribute('data-camera', JSON.stringify(c))
      const s = stage.current
      if (!s) return recull(false)
      const blocks = lodNow.current === 'blocks' && lodFor(c.scale, 0) === 'blocks'
      // Zoomed out, a redraw walks every item: while panning or zooming, redraw at most every TRANSFORM_MS and
      // move the drawn pixels by a CSS transform in between — one opaque picture of the layers (moving-picture.ts).
      // A pure pan of a map that was drawn whole moves exactly those pixels: no redraw until the gesture ends.
      const d = drawn.current
      const whole = c.scale === d.scale && !!size && (!index.extent || contains(visibleWorld(d, size.width, size.height), index.extent))
      if (blocks && !settle && (whole || performance.now() - lastDraw.current < TRANSFORM_MS)) {
        const k = c.scale / d.scale
        picture.show(s).style.transform = `matrix(${k}, 0, 0, ${k}, ${c.x - k * d.x}, ${c.y - k * d.y})`
        // The real drawing follows SETTLE_AFTER_MS after the last move.
        if (trailing.current) clearTimeout(trailing.current)
        trailing.current = setTimeout(() => {
          trailing.current = null
          applyRef.current(camera.current, true)
        }, SETTLE_AFTER_MS)
        return
      }
      // This draw is the real one: a trailing draw still pending would only draw the same camera again.
      if (trailing.current) clearTimeout(trailing.current)
      trailing.current = null
      picture.hide(s)
      drawn.current = c
      lastDraw.current = performance.now()
      // One call: Konva clears every node's cached transform once per transform change (a walk of all of them).
      s.setAttrs({ x: c.x, y: c.y, scaleX: c.scale, scaleY: c.scale })
      recull(false)
      showInView([backgroundLayer.current, liveLayer.current], view.current, c.scale)
      // Synchronous when blocks, so the CSS transform and the new drawing change in the same frame.
      if (blocks) s.draw()
      else s.batchDraw()
    },
    [recull, size, index, picture],
  )
  applyRef.current = apply
  useEffect(
    () => () => {
      if (trailing.current) clearTimeout(trailing.current)
    },
    [],
  )

  // Nodes a new cull brought are drawn only where they are seen, as the camera's move left the others.
  useLayoutEffect(() => showInView([backgroundLayer.current, liveLayer.current], view.current, drawn.current.scale))

  // The size is read at once, before the first paint (the stage and its first drawing do not wait a frame
  // for the observer); the observer follows resizes.
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    // A box without area (its page's layout has not come yet) is no size: the stage, its fit to the screen
    // and the first paint wait for one that has.
    const read = () =>
      setSize((prev) =>
        !el.clientWidth || !el.clientHeight || (prev?.width === el.clientWidth && prev.height === el.clientHeight)
          ? prev
          : { width: el.clientWidth, height: el.clientHeight },
      )
    read()
    const observer = new ResizeObserver(read)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  // A User Timing mark when the states are first on screen: benchmarks and the devtools read it (registered
  // before the fit below draws for the first time).
  useEffect(() => {
    const layer = liveLayer.current
    if (!layer || !size || !live) return
    const mark = () => {
      performance.mark('vigil:map-drawn')
      layer.off('draw.firstpaint')
    }
    layer.on('draw.firstpaint', mark)
    // The states' drawing may already be scheduled: one more to be sure the mark sees it.
    layer.batchDraw()
    return () => {
      layer.off('draw.firstpaint')
    }
  }, [size, live])

  useEffect(() => {
    if (!size) return
    if (fit === 'always' || !fitted.current) {
      fitted.current = true
      apply(fitCamera(contentBox(doc.resolution, index.extent), size.width, size.height), true)
    }
    recull(true)
  }, [size, doc, index, fit, apply, recull])

  // Zoomed out, the live layer is batch shapes reading the states directly: repaint at once, in the frame that
  // applied the deltas, the items whose colour changed (repaintBlocks; the whole layer when they are many), and
  // nothing else (connectors only when bandwidth colours may change).
  useEffect(
    () =>
      live?.subscribe((changed) => {
        const recoloured = recolour(model, liveIdx, changed, (id) => liveIndex(live.stateOf(id)))
        const layer = liveLayer.current
        if (lodNow.current !== 'blocks') {
          layer?.batchDraw()
          if (hasBandwidth) connectorLayer.current?.batchDraw()
        } else {
          if (hasBandwidth) connectorLayer.current?.draw()
          if (layer && recoloured.length) {
            repainting.current = recoloured.length > model.ids.length / WHOLE_REPAINT_SHARE ? null : recoloured
            try {
              layer.draw()
            } finally {
              repainting.current = null
            }
          }
        }
        picture.invalidate()
      }),
    [live, hasBandwidth, model, liveIdx, picture],
  )
  // On a still wall nothing else redraws the connectors: old bandwidth values still have to turn grey.
  useEffect(
    () =>
      watchBandwidthStaleness(model.connectors, reading, () => {
        connectorLayer.current?.draw()
        picture.invalidate()
      }),
    [model, reading, picture],
  )

  const drag = useRef<{ x: number; y: number; moved: boolean; camera: Camera } | null>(null)
  const onPointerDown = (e: React.PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, moved: false, camera: camera.current }
    try {
      ;(e.target as Element).setPointerCapture(e.pointerId)
    } catch {
      /* a synthetic or finished pointer */
    }
  }
  const hovered = useRef<string | null>(null)
  const hover = (id: string | null, at: { x: number; y: number }) => {
    if (id === hovered.current) return
    hovered.current = id
    onItemHover?.(id, at)
  }
  const onPointerMove = (e: React.PointerEvent) => {
    const d = drag.current
    if (!d) {
      if (!onItemHover || !box.current) return
      const r = box.current.getBoundingClientRect()
      const at = { x: e.clientX - r.left, y: e.clientY - r.top }
      const p = toWorld(camera.current, at.x, at.y)
      return hover(
        index.itemAt(p.x, p.y, (id) => bound.has(id)),
        at,
      )
    }
    hover(null, { x: 0, y: 0 })
    const dx = e.clientX - d.x,
      dy = e.clientY - d.y
    if (!d.moved && Math.hypot(dx, dy) < CLICK_SLOP_PX) return
    d.moved = true
    apply({ ...d.camera, x: d.camera.x + dx, y: d.camera.y + dy })
  }
  const onPointerUp = (e: React.PointerEvent) => {
    const d = drag.current
    drag.current = null
    if (d?.moved) apply(camera.current, true)
    if (!d || d.moved || !box.current) return
    const r = box.current.getBoundingClientRect()
    const at = { x: e.clientX - r.left, y: e.clientY - r.top }
    const p = toWorld(camera.current, at.x, at.y)
    onItemClick?.(
      index.itemAt(p.x, p.y, (id) => bound.has(id)),
      at,
    )
  }
  useEffect(() => {
    const el = box.current
    if (!el) return
    // Not React's onWheel: it is passive, and the page must not scroll while zooming the map.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const r = el.getBoundingClientRect()
      apply(zoomAt(camera.current, e.clientX - r.left, e.clientY - r.top, Math.exp(-e.deltaY * 0.0015)))
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    // Test hook: a `vigil:camera` event moves the camera and draws the layers for real, the way a gesture ends,
    // so bench/map-viewer measures redraws frame by frame (its rerender_fps), not the moving picture.
    const onCamera = (e: Event) => apply((e as CustomEvent<Camera>).detail, true)
    el.addEventListener('vigil:camera', onCamera)
    return () => {
      el.removeEventListener('wheel', onWheel)
      el.removeEventListener('vigil:camera', onCamera)
    }
  }, [apply])

  const lod = cull?.lod ?? 'blocks'
  // Item nodes carry labels, measured once when drawn: they wait for the map font; blocks draw no text.
  const fontReady = useMapFont()
  const livePalette = useMemo(() => [...[0, 1, 2, 3, 4, 5].map((s) => theme.state[s]), theme.stale], [theme])
  const styles = useMemo(() => connectorStyles(model, theme, lod), [model, theme, lod])
  const unbound = useMemo(() => unboundBlocks(model, theme), [model, theme])
  // The batch shapes' drawings change only with what they draw: a new function is a new Konva attribute, which
  // redraws its layer. Whatever else renders the canvas (the states' arrival, the map's info, a tooltip) leaves
  // the background's and the connectors' 10,000 items alone, and the states' first paint waits for no other layer.
  // (The camera and the view are read when drawing; moves draw the stage themselves.)
  const readingNow = useRef(reading)
  readingNow.current = reading
  const bandwidthReading = hasBandwidth ? reading : null
  const backgroundBlocks = useCallback(
    (ctx: Konva.Context) => drawBlocks(ctx._context, model, view.current, unbound.palette, unbound.pick, camera.current.scale),
    [model, unbound, camera],
  )
  const connectorLines = useCallback(
    (ctx: Konva.Context) =>
      drawConnectors(ctx._context, model, view.current, styles, {
        theme,
        lod,
        // Connector labels wait for the map font too.
        labels: fontReady,
        scale: camera.current.scale,
        reading: readingNow.current,
      }),
    // A new reading (the states' arrival) matters only where bandwidth decides a connector's colour.
    [model, styles, theme, lod, fontReady, camera, bandwidthReading],
  )
  const liveBlocks = useCallback(
    (ctx: Konva.Context) => {
      const pick = (i: number) => (live && model.bound[i] ? liveIdx[i] : -1)
      const changed = repainting.current
      if (changed) return repaintBlocks(ctx._context, model, changed, index, view.current, livePalette, pick, camera.current.scale)
      clearCanvas(ctx._context)
      drawBlocks(ctx._context, model, view.current, livePalette, pick, camera.current.scale)
    },
    [model, index, livePalette, live, liveIdx, camera],
  )
  const connectors = <Shape perfectDrawEnabled={false} sceneFunc={connectorLines} />
  const background = images && doc.background.image_id ? images(doc.background.image_id) : undefined

  return (
    <div
      ref={box}
      className="vigil-map-canvas"
      data-lod={lod}
      style={{ ...FULL_SIZE, overflow: 'hidden', touchAction: 'none', background: surround, cursor: 'grab' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null
      }}
      onPointerLeave={() => hover(null, { x: 0, y: 0 })}
      onDoubleClick={() => size && apply(fitCamera(contentBox(doc.resolution, index.extent), size.width, size.height), true)}
    >
      {size && (
        <Stage ref={stage} width={size.width} height={size.height} listening={false}>
          <Layer ref={backgroundLayer} listening={false}>
            <Rect width={doc.resolution.width} height={doc.resolution.height} fill={doc.background.colour} perfectDrawEnabled={false} />
            {background && <KImage image={background} width={doc.resolution.width} height={doc.resolution.height} />}
            {lod === 'blocks' ? (
              <Shape perfectDrawEnabled={false} sceneFunc={backgroundBlocks} />
            ) : (
              fontReady &&
              cull?.unbound
                .filter((id) => doc.items[id])
                .map((id) => (
                  <ItemNode
                    key={id}
                    item={doc.items[id]}
                    theme={theme}
                    lod={lod}
                    images={images}
                    listening={false}
                    labelScale={cull.labels}
                  />
                ))
            )}
            {!hasBandwidth && connectors}
          </Layer>
          {hasBandwidth && (
            <Layer ref={connectorLayer} listening={false}>
              {connectors}
            </Layer>
          )}
          {/* At blocks the live shape clears what it repaints itself: a repaint of a few items keeps the rest. */}
          <Layer ref={liveLayer} listening={false} clearBeforeDraw={lod !== 'blocks'}>
            {lod === 'blocks' ? (
              <Shape perfectDrawEnabled={false} sceneFunc={liveBlocks} />
            ) : (
              live &&
              fontReady &&
              cull?.bound
                .filter((id) => doc.items[id])
                .map((id) => (
                  <LiveItem key={id} item={doc.items[id]} live={live} theme={theme} lod={lod} images={images} labelScale={cull.labels} />
                ))
            )}
          </Layer>
        </Stage>
      )}
    </div>
  )
}
