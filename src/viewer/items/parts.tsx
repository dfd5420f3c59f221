/**
 * Pieces the item renderers share: the item's group, its label, a bound item's state body in the four SPEC §2
 * "state icons" styles (icon, dot, box, label), the SPEC §4 decoration badge, and drawn/hand-drawn paths.
 */
import type { ReactNode } from 'react'
import { Circle, Group, Path, Rect, Text } from '../konva'
import type { HostItem, ItemBase } from '../../shared/maps'
import { liveColour, type MapTheme } from '../theme'
import { seedOf, sketchPaths } from './sketch'
import type { ItemProps, LiveState, Lod } from './types'
import { labelVisible } from '../canvas/lod'

type Base = Pick<ItemBase, 'id' | 'x' | 'y' | 'w' | 'h' | 'rotation'>

/** The item's root node: named by the item id so hit tests and the editor find the item from a node. */
export function ItemGroup({ item, listening, children }: { item: Base; listening?: boolean; children: ReactNode }) {
  return (
    <Group id={item.id} name="map-item" x={item.x} y={item.y} rotation={item.rotation} listening={listening ?? true}>
      {children}
    </Group>
  )
}

/** The label size of an item (its style's, else 12 px). */
export const labelSize = (item: Pick<ItemBase, 'style'>) => item.style?.font_size ?? 12

/** A label, drawn when readable on screen (issue 18: its size × the scale), never as blocks. Plain Konva text: never markup. */
export function Label({
  text,
  w,
  y,
  theme,
  lod,
  labelScale,
  colour,
  size = 12,
  align = 'center',
}: {
  text: string | undefined
  w: number
  y: number
  theme: MapTheme
  lod: Lod
  labelScale: number | undefined
  colour?: string
  size?: number
  align?: 'left' | 'center' | 'right'
}) {
  if (!text || lod === 'blocks' || !labelVisible(size, labelScale)) return null
  return (
    <Text
      text={text}
      x={-w / 2}
      y={y}
      width={w * 2}
      align={align}
      fontSize={size}
      fontFamily={theme.font}
      fill={colour ?? theme.text}
      wrap="none"
      ellipsis
      listening={false}
    />
  )
}

/** A path filled and stroked, or hand-drawn through roughjs when sketch is on (and the LOD allows it). */
export function DrawnPath({
  id,
  d,
  fill,
  stroke,
  strokeWidth,
  sketch,
  lod,
  dash,
}: {
  id: string
  d: string
  fill?: string
  stroke: string
  strokeWidth: number
  sketch?: boolean
  lod: Lod
  dash?: boolean
}) {
  if (!sketch || lod !== 'detail') {
    return (
      <Path
        data={d}
        fill={fill}
        stroke={stroke}
        strokeWidth={strokeWidth}
        dash={dash ? [8, 5] : undefined}
        strokeScaleEnabled={false}
        perfectDrawEnabled={false}
      />
    )
  }
  return (
    <>
      {sketchPaths(d, seedOf(id), { fill, stroke, strokeWidth }).map((p, i) => (
        <Path
          key={i}
          data={p.d}
          stroke={p.stroke === 'none' ? undefined : p.stroke}
          strokeWidth={p.strokeWidth}
          fill={p.fill === 'none' ? undefined : p.fill}
          perfectDrawEnabled={false}
        />
      ))}
    </>
  )
}

const BADGE: Record<string, string> = { maintenance: 'M', stale: 'S', flapping: 'F', ticket: 'T', acknowledged: 'A' }

/** SPEC §4 Decorations: in maintenance, else stale, else flapping; and ticket, else acknowledged. */
export function decorationBadges(state: LiveState | undefined): string[] {
  if (!state) return []
  const first = state.in_maintenance ? 'maintenance' : state.stale ? 'stale' : state.flapping ? 'flapping' : null
  const second = state.ticket ? 'ticket' : state.acknowledged ? 'acknowledged' : null
  return [first, second].filter((d): d is string => d !== null)
}

function Badges({ state, w, theme, lod }: { state: LiveState | undefined; w: number; theme: MapTheme; lod: Lod }) {
  if (lod !== 'detail') return null
  return (
    <>
      {decorationBadges(state).map((d, i) => (
        <Group key={d} x={w - 2 - i * 15} y={2} listening={false}>
          <Circle radius={7} fill={theme.background} stroke={theme.ink} strokeWidth={1} />
          <Text
            text={BADGE[d]}
            x={-7}
            y={-5}
            width={14}
            align="center"
            fontSize={10}
            fontStyle="bold"
            fontFamily={theme.font}
            fill={theme.ink}
          />
        </Group>
      ))}
    </>
  )
}

export interface BoundItemProps extends ItemProps<
  Base & { state_icon: HostItem['state_icon']; style?: ItemBase['style']; label?: string }
> {
  /** The text under or in the item (its label, else the object's name). */
  text: string
  /** Glyph drawn on the state body in `icon` style, as path data in a 0..1 box. */
  glyph: (size: number) => string
}

/**
 * A bound item (host, resource, environment, nested map) in its state colour. Without a state (the editor's
 * design view) it is drawn in the nohost colour, so what you place is what the viewer shows before data.
 */
export function BoundItem({ item, state, theme, lod, listening, labelScale, text, glyph }: BoundItemProps) {
  const colour = liveColour(theme, state)
  const { w, h } = item
  const stroke = item.style?.stroke ?? theme.ink
  if (lod === 'blocks')
    return (
      <ItemGroup item={item} listening={listening}>
        <Rect width={w} height={h} fill={colour} listening={listening ?? true} />
      </ItemGroup>
    )
  const label = item.label ?? text
  const size = labelSize(item)
  const common = { text: label, w, theme, lod, labelScale, size }
  let body: ReactNode
  switch (item.state_icon) {
    case 'icon': {
      const d = Math.min(w, h)
      body = (
        <>
          <Circle x={w / 2} y={h / 2} radius={d / 2} fill={colour} stroke={stroke} strokeWidth={1} />
          <Path
            x={w / 2 - d * 0.3}
            y={h / 2 - d * 0.3}
            data={glyph(d * 0.6)}
            stroke={theme.onState}
            strokeWidth={Math.max(1, d / 20)}
            lineCap="round"
            lineJoin="round"
            listening={false}
          />
          <Label {...common} y={h + 4} />
        </>
      )
      break
    }
    case 'dot':
      body = (
        <>
          <Rect width={w} height={h} fill={item.style?.fill ?? theme.fill} stroke={stroke} strokeWidth={1} cornerRadius={4} />
          <Circle x={Math.min(w, h) * 0.25} y={Math.min(w, h) * 0.25} radius={Math.max(4, Math.min(w, h) * 0.15)} fill={colour} />
          <Label {...common} y={h + 4} />
        </>
      )
      break
    case 'label':
      body = (
        <>
          <Rect width={w} height={h} fill={colour} cornerRadius={h / 2} />
          <Label {...common} y={h / 2 - size / 2} colour={theme.onState} />
        </>
      )
      break
    default:
      body = (
        <>
          <Rect width={w} height={h} fill={colour} stroke={stroke} strokeWidth={1} cornerRadius={6} />
          <Label {...common} y={h / 2 - size / 2} colour={theme.onState} />
        </>
      )
  }
  return (
    <ItemGroup item={item} listening={listening}>
      {body}
      <Badges state={state} w={w} theme={theme} lod={lod} />
    </ItemGroup>
  )
}
