/**
 * Layer 2 (STYLE.md "Rendering"): items and connectors through the viewer's renderers, not listening (hits
 * come from the R-tree). The drawing order is cut into chunks (chunks.ts), each cached as one bitmap at the
 * camera's scale, so an edit or an undo re-draws one chunk and then only blits the others. Items being
 * dragged are left out and drawn by the overlay, so a drag never redraws this layer.
 */
import type Konva from 'konva'
import { memo, useLayoutEffect, useMemo, useRef } from 'react'
import { Group, Layer } from 'react-konva'
import { useStore } from 'zustand'
import { byZ, type ItemState, type MapItem } from '../../shared/maps'
import { ConnectorLine, ItemNode, type ImageLookup, type Lod, type MapTheme } from '../../viewer'
import type { Editor } from '../model/editor'
import { boxesOf, linkOf, sameLink, type Link } from '../model/links'
import { useStableChunks } from './chunks'

const NONE: readonly string[] = []
const ITEMS_PER_CHUNK = 25
const CONNECTORS_PER_CHUNK = 50
/** A chunk whose bitmap would be larger than this (zoomed in far) is drawn uncached. */
const MAX_CACHE_PX = 4096

export interface DrawProps {
  theme: MapTheme
  lod: Lod
  /** The scale labels are judged at (shared/maps/view/lod.ts), as on the wall. */
  labelScale: number
  images: ImageLookup
  /** Live item states (as the wall shows them), by item id; absent while they load. */
  states?: Readonly<Record<string, ItemState>>
}

const sameItem = (a: MapItem, b: MapItem) => a === b

export const ItemShape = memo(function ItemShape({ item, theme, lod, labelScale, images, states }: DrawProps & { item: MapItem }) {
  return (
    <ItemNode item={item} state={states?.[item.id]} theme={theme} lod={lod} labelScale={labelScale} images={images} listening={false} />
  )
})

export const ConnectorShape = memo(function ConnectorShape({ connector, from, to, obstacles, theme, lod }: DrawProps & Link) {
  return <ConnectorLine connector={connector} from={from} to={to} obstacles={obstacles} theme={theme} lod={lod} listening={false} />
})

/** One cached chunk: re-cached after its members, the scale or the look changed. */
const Chunk = memo(function Chunk({
  items,
  links,
  scale,
  draw,
}: {
  items?: readonly MapItem[]
  links?: readonly Link[]
  scale: number
  draw: DrawProps
}) {
  const group = useRef<Konva.Group>(null)
  useLayoutEffect(() => {
    const g = group.current!
    g.clearCache()
    const box = g.getClientRect({ skipTransform: true })
    const ratio = scale * (window.devicePixelRatio || 1)
    if (box.width > 0 && box.height > 0 && box.width * ratio < MAX_CACHE_PX && box.height * ratio < MAX_CACHE_PX)
      g.cache({ pixelRatio: ratio, offset: 2 })
    g.getLayer()?.batchDraw()
  }, [items, links, scale, draw])
  return (
    <Group ref={group} listening={false}>
      {links?.map((l) => (
        <ConnectorShape key={l.connector.id} {...l} {...draw} />
      ))}
      {items?.map((item) => (
        <ItemShape key={item.id} item={item} {...draw} />
      ))}
    </Group>
  )
})

export const ItemsLayer = memo(function ItemsLayer({ editor, theme, lod, labelScale, images, states }: DrawProps & { editor: Editor }) {
  const items = useStore(editor.store, (s) => s.doc.items)
  const connectors = useStore(editor.store, (s) => s.doc.connectors)
  const moving = useStore(editor.store, (s) => (s.gesture?.kind === 'move' ? s.gesture.ids : NONE))
  // Bitmaps are made for one zoom level; a new level (not a pan) re-caches them.
  const scale = useStore(editor.store, (s) => s.camera.scale)
  const draw = useMemo(() => ({ theme, lod, labelScale, images, states }), [theme, lod, labelScale, images, states])
  const hidden = useMemo(() => new Set(moving), [moving])
  const visibleItems = useMemo(() => byZ(items).filter((i) => !hidden.has(i.id)), [items, hidden])
  const links = useMemo(() => {
    const boxes = boxesOf(items)
    return byZ(connectors).flatMap((c) => {
      const link = !hidden.has(c.from) && !hidden.has(c.to) ? linkOf(c, boxes) : null
      return link ? [link] : []
    })
  }, [connectors, items, hidden])
  const itemChunks = useStableChunks(visibleItems, ITEMS_PER_CHUNK, sameItem)
  const linkChunks = useStableChunks(links, CONNECTORS_PER_CHUNK, sameLink)
  return (
    <Layer listening={false}>
      {linkChunks.map((part, n) => (
        <Chunk key={`c${n}`} links={part} scale={scale} draw={draw} />
      ))}
      {itemChunks.map((part, n) => (
        <Chunk key={`i${n}`} items={part} scale={scale} draw={draw} />
      ))}
    </Layer>
  )
})
