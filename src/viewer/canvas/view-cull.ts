/**
 * Item nodes drawn only where they are seen (issue 18 rerender at zoom 1): the layers keep the nodes of the
 * overscan (MapCanvas' cull), so a pan adds no node until the view leaves it, but Konva draws every visible
 * node of a layer on each redraw, three quarters of them off screen. Before each redraw the item groups whose
 * drawing misses the view are hidden: the picture on screen is the same, drawn from a quarter of the nodes.
 */
import type Konva from 'konva'
import type { Box } from '../../shared/maps'

/** Slack around the view in screen pixels: glyphs run a little past their text boxes, antialiasing past a stroke. */
const SLACK_PX = 64

/** Each group's drawing in world coordinates, kept while the group's drawing (its `drawing` attribute) is the same. */
const drawn = new WeakMap<Konva.Node, { drawing: unknown; box: Box }>()

function drawnBox(group: Konva.Node, layer: Konva.Layer): Box {
  const drawing: unknown = group.getAttr('drawing')
  const known = drawn.get(group)
  if (known && known.drawing === drawing) return known.box
  // The layer is not transformed (the stage carries the camera): relative to it is in world coordinates.
  const r = group.getClientRect({ relativeTo: layer, skipShadow: true })
  const box = { x: r.x, y: r.y, w: r.width, h: r.height }
  drawn.set(group, { drawing, box })
  return box
}

/** Shows the item groups (`map-item`) of `layers` whose drawing meets `view` (world) at `scale`, hides the others. */
export function showInView(layers: readonly (Konva.Layer | null)[], view: Box, scale: number): void {
  const slack = SLACK_PX / scale
  const x0 = view.x - slack,
    y0 = view.y - slack,
    x1 = view.x + view.w + slack,
    y1 = view.y + view.h + slack
  for (const layer of layers) {
    if (!layer) continue
    for (const node of layer.getChildren()) {
      if (!node.hasName('map-item')) continue
      const b = drawnBox(node, layer)
      const seen = b.x <= x1 && b.x + b.w >= x0 && b.y <= y1 && b.y + b.h >= y0
      if (node.visible() !== seen) node.visible(seen)
    }
  }
}
