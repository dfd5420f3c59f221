/**
 * A bound item (host, resource, environment, nested map) in its state colour, in the four SPEC §2 "state
 * icons" styles (icon, dot, box, label). Without a state (the editor's design view) it is drawn in the nohost
 * colour, so what you place is what the viewer shows before data.
 */
import type { HostItem, ItemBase, ItemKind, ItemOf } from '../items'
import { environmentGlyph, hostGlyph, mapGlyph, resourceGlyph } from './glyphs'
import type { DrawContext, DrawOp, LiveState } from './ops'
import { liveColour } from './palette'
import { badgeOps, labelOps, labelSize } from './parts'

type Bound = Pick<ItemBase, 'w' | 'h' | 'style' | 'label'> & { state_icon: HostItem['state_icon'] }

/** `text`: the label under or in the item (its label, else the object's name); `glyph`: the icon style's picture in a size × size box. */
function boundOps(item: Bound, text: string, glyph: (size: number) => string, state: LiveState | undefined, ctx: DrawContext): DrawOp[] {
  const { theme } = ctx
  const colour = liveColour(theme, state)
  const { w, h } = item
  if (ctx.lod === 'blocks') return [{ op: 'rect', x: 0, y: 0, w, h, fill: colour }]
  const stroke = item.style?.stroke ?? theme.ink
  const size = labelSize(item)
  const label = item.label ?? text
  const below = () => labelOps(label, w, h + 4, ctx, { size })
  const inside = () => labelOps(label, w, h / 2 - size / 2, ctx, { size, colour: theme.onState })
  let body: DrawOp[]
  switch (item.state_icon) {
    case 'icon': {
      const d = Math.min(w, h)
      body = [
        { op: 'circle', x: w / 2, y: h / 2, r: d / 2, fill: colour, stroke, strokeWidth: 1 },
        {
          op: 'path',
          x: w / 2 - d * 0.3,
          y: h / 2 - d * 0.3,
          d: glyph(d * 0.6),
          stroke: theme.onState,
          strokeWidth: Math.max(1, d / 20),
          round: true,
        },
        ...below(),
      ]
      break
    }
    case 'dot': {
      const m = Math.min(w, h)
      body = [
        { op: 'rect', x: 0, y: 0, w, h, fill: item.style?.fill ?? theme.fill, stroke, strokeWidth: 1, radius: 4 },
        { op: 'circle', x: m * 0.25, y: m * 0.25, r: Math.max(4, m * 0.15), fill: colour },
        ...below(),
      ]
      break
    }
    case 'label':
      body = [{ op: 'rect', x: 0, y: 0, w, h, fill: colour, radius: h / 2 }, ...inside()]
      break
    default:
      body = [{ op: 'rect', x: 0, y: 0, w, h, fill: colour, stroke, strokeWidth: 1, radius: 6 }, ...inside()]
  }
  return [...body, ...badgeOps(state, w, ctx)]
}

type BoundKind = Extract<ItemKind, 'host' | 'resource' | 'environment' | 'map'>
const bound =
  <K extends BoundKind>(text: (item: ItemOf<K>) => string, glyph: (size: number) => string) =>
  (item: ItemOf<K>, state: LiveState | undefined, ctx: DrawContext) =>
    boundOps(item, text(item), glyph, state, ctx)

/** A host item (SPEC §4 HOST_MAP_STATE host values). */
export const host = { ops: bound<'host'>((i) => i.name, hostGlyph) }
/** A resource (check) item, labelled with its host. */
export const resource = { ops: bound<'resource'>((i) => (i.host_name ? `${i.host_name}: ${i.name}` : i.name), resourceGlyph) }
/** An environment item: the worst state of the environment's hosts and resources. */
export const environment = { ops: bound<'environment'>((i) => i.name, environmentGlyph) }
/** A nested map item: the map's roll-up (recursion-guarded items show nohost). */
export const map = { ops: bound<'map'>((i) => i.name, mapGlyph) }
