/**
 * A connector between two items (SPEC §2 "connect items", "bandwidth connections"), drawn along its route
 * (../route.ts: straight, orthogonal or curved, through its waypoints, from its attach points). A bandwidth connector takes the utilisation colour and label; a stale reading is greyed
 * and labelled with its age (../bandwidth.ts). The wall's batched drawing (viewer/canvas/batch.ts) takes its
 * ends, colour and label from here too.
 */
import type { Box } from '../items'
import type { Connector } from '../connector'
import { bandwidthLabel, utilisationColour, type BandwidthReading } from '../bandwidth'
import type { DrawContext, DrawOp } from './ops'
import type { MapTheme } from './palette'
import { connectorRoute, routePath } from '../route'
import { DASH } from './sketch'

/** The colour a connector is drawn in: its own, or the utilisation colour, or grey when stale. */
export function connectorColour(c: Connector, theme: MapTheme, bandwidth?: BandwidthReading): string {
  if (c.kind === 'bandwidth' && bandwidth)
    return bandwidth.stale || bandwidth.utilisation === null ? theme.stale : utilisationColour(bandwidth.utilisation)
  return c.colour ?? theme.ink
}

/** The connector's label (a bandwidth connector's reading, else its own) and its colour; null without one. */
export function connectorLabel(c: Connector, theme: MapTheme, bandwidth?: BandwidthReading): { text: string; colour: string } | null {
  const text = c.kind === 'bandwidth' && bandwidth ? bandwidthLabel(bandwidth) : c.label
  return text ? { text, colour: bandwidth?.stale ? theme.muted : theme.text } : null
}

/** Size of a connector's label, and how far above the connector's middle the centre of its line sits. */
export const CONNECTOR_LABEL = { size: 11, lift: 10 } as const

/**
 * A connector's drawing in map coordinates; `bandwidth` is the live reading (absent in the editor's design view),
 * `obstacles` the boxes an orthogonal route goes around (../route.ts routeObstacles).
 */
export function connectorOps(
  c: Connector,
  from: Box,
  to: Box,
  { theme, lod }: Pick<DrawContext, 'theme' | 'lod'>,
  bandwidth?: BandwidthReading,
  obstacles?: readonly Box[],
): DrawOp[] {
  const route = connectorRoute(c, from, to, obstacles)
  const colour = connectorColour(c, theme, bandwidth)
  const ops: DrawOp[] = [
    {
      op: 'path',
      d: routePath(route),
      stroke: colour,
      strokeWidth: c.width,
      dash: c.dash && lod !== 'blocks' ? DASH : undefined,
    },
  ]
  const label = lod === 'detail' ? connectorLabel(c, theme, bandwidth) : null
  if (!label) return ops
  const { size, lift } = CONNECTOR_LABEL
  const x = route.middle.x,
    y = route.middle.y - lift - size / 2
  ops.push({
    op: 'text',
    text: label.text,
    x: x - 80,
    y,
    w: 160,
    size,
    fill: label.colour,
    font: theme.font,
    align: 'center',
    valign: 'top',
    wrap: 'none',
  })
  return ops
}
