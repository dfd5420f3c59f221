/**
 * Items and connectors on Konva (the wall, slideshows and the editor): the shared drawing of each kind
 * (src/shared/maps/draw) painted by the Konva backend (konva-ops.tsx), the same operations the SVG export paints.
 */
import { useMemo } from 'react'
import { Group } from '../konva'
import { connectorOps, drawItem } from '../../shared/maps/draw'
import type { BandwidthReading } from '../../shared/maps/bandwidth'
import type { Box, Connector, MapItem } from '../../shared/maps'
import type { MapTheme } from '../../shared/maps/draw'
import { konvaNodes } from './konva-ops'
import type { ItemProps, Lod } from './types'

/**
 * Draws any item: `<ItemNode item={…} theme={…} lod="detail" />`. The root group is named by the item id so
 * hit tests and the editor find the item from a node; it is placed at the item and turned about that corner.
 */
export function ItemNode({ item, state, theme, lod, images, listening, labelScale }: ItemProps<MapItem>) {
  const ops = useMemo(
    () => drawItem(item, state, { theme, lod, labelScale, hasImage: (id) => images?.(id) !== undefined }),
    [item, state, theme, lod, labelScale, images],
  )
  return (
    // `drawing`: the ops drawn, so that what knows the group's drawn box knows when it changed (canvas/view-cull.ts).
    <Group id={item.id} name="map-item" x={item.x} y={item.y} rotation={item.rotation} listening={listening ?? true} drawing={ops}>
      {konvaNodes(ops, images)}
    </Group>
  )
}

export interface ConnectorProps {
  connector: Connector
  from: Box
  to: Box
  theme: MapTheme
  lod: Lod
  /** The reading of a bandwidth connector (the viewer's live data); absent in the editor's design view. */
  bandwidth?: BandwidthReading
  /** The boxes an orthogonal route goes around (shared/maps/route.ts routeObstacles). */
  obstacles?: readonly Box[]
  listening?: boolean
}

/** A connector along its route (the editor's; the wall batches them, canvas/batch.ts). */
export function ConnectorLine({ connector, from, to, theme, lod, bandwidth, obstacles, listening }: ConnectorProps) {
  return (
    <Group id={connector.id} name="map-connector" listening={listening ?? true}>
      {konvaNodes(connectorOps(connector, from, to, { theme, lod }, bandwidth, obstacles))}
    </Group>
  )
}
