/**
 * A connector between two items (SPEC §2 "connect items", "bandwidth connections"), drawn from edge to edge
 * of the two boxes. A bandwidth connector takes the utilisation colour and label; a stale reading is greyed
 * and labelled with its age (src/shared/maps/bandwidth.ts). Pure like the item renderers.
 */
import { Arrow, Group, Text } from '../konva'
import type { Box, Connector } from '../../shared/maps'
import { bandwidthLabel, utilisationColour, type BandwidthReading } from '../../shared/maps/bandwidth'
import type { MapTheme } from '../theme'
import type { Lod } from './types'
import { edgePoint } from './geometry'

export interface ConnectorProps {
  connector: Connector
  from: Box
  to: Box
  theme: MapTheme
  lod: Lod
  /** The reading of a bandwidth connector (the viewer's live data); absent in the editor's design view. */
  bandwidth?: BandwidthReading
  listening?: boolean
}

const centre = (b: Box) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 })

/** The two ends of a connector on the boundaries of its items' boxes. */
export function connectorEnds(from: Box, to: Box): [number, number, number, number] {
  const a = edgePoint(from, centre(to)),
    b = edgePoint(to, centre(from))
  return [a.x, a.y, b.x, b.y]
}

/** The colour a connector is drawn in: its own, or the utilisation colour, or grey when stale. */
export function connectorColour(c: Connector, theme: MapTheme, bandwidth?: BandwidthReading): string {
  if (c.kind === 'bandwidth' && bandwidth)
    return bandwidth.stale || bandwidth.utilisation === null ? theme.stale : utilisationColour(bandwidth.utilisation)
  return c.colour ?? theme.ink
}

export function ConnectorLine({ connector, from, to, theme, lod, bandwidth, listening }: ConnectorProps) {
  const points = connectorEnds(from, to)
  const colour = connectorColour(connector, theme, bandwidth)
  const label = connector.kind === 'bandwidth' && bandwidth ? bandwidthLabel(bandwidth) : connector.label
  const mx = (points[0] + points[2]) / 2,
    my = (points[1] + points[3]) / 2
  return (
    <Group id={connector.id} name="map-connector" listening={listening ?? true}>
      <Arrow
        points={points}
        stroke={colour}
        fill={colour}
        strokeWidth={connector.width}
        hitStrokeWidth={Math.max(8, connector.width)}
        dash={connector.dash && lod !== 'blocks' ? [8, 5] : undefined}
        pointerLength={0}
        pointerWidth={0}
        perfectDrawEnabled={false}
      />
      {label && lod === 'detail' && (
        <Text
          text={label}
          x={mx - 80}
          y={my - 16}
          width={160}
          align="center"
          fontSize={11}
          fontFamily={theme.font}
          fill={bandwidth?.stale ? theme.muted : theme.text}
          listening={false}
        />
      )}
    </Group>
  )
}
