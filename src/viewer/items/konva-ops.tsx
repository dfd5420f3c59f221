/**
 * The Konva backend of the shared map drawing (src/shared/maps/draw, issue 18 "One picture everywhere"): each
 * primitive operation as one react-konva node. The SVG export paints the same operations (shared/maps/export-svg.ts).
 */
import type { ReactElement } from 'react'
import { Circle, Image, Path, Rect, Text } from '../konva'
import type { DrawOp } from '../../shared/maps/draw'
import type { ImageLookup } from './types'

/** One operation as a Konva node; nothing for a picture that is not loaded (the drawing then asks for a placeholder). */
export function konvaNode(op: DrawOp, key: number, images?: ImageLookup): ReactElement | null {
  const paint = (o: Exclude<DrawOp, { op: 'text' | 'image' }>) => ({
    fill: o.fill,
    stroke: o.stroke,
    strokeWidth: o.strokeWidth,
    dash: o.dash as number[] | undefined,
    opacity: o.opacity,
    perfectDrawEnabled: false,
  })
  switch (op.op) {
    case 'rect':
      return <Rect key={key} x={op.x} y={op.y} width={op.w} height={op.h} cornerRadius={op.radius} {...paint(op)} />
    case 'circle':
      return <Circle key={key} x={op.x} y={op.y} radius={op.r} {...paint(op)} />
    case 'path':
      return (
        <Path
          key={key}
          x={op.x}
          y={op.y}
          data={op.d}
          {...paint(op)}
          lineCap={op.round ? 'round' : undefined}
          lineJoin={op.round ? 'round' : undefined}
          strokeScaleEnabled={!op.screenStroke}
        />
      )
    case 'text':
      return (
        <Text
          key={key}
          text={op.text}
          x={op.x}
          y={op.y}
          width={op.w}
          height={op.h}
          align={op.align}
          verticalAlign={op.valign}
          fontSize={op.size}
          fontFamily={op.font}
          fontStyle={op.bold ? 'bold' : undefined}
          fill={op.fill}
          wrap={op.wrap}
          ellipsis
          listening={false}
        />
      )
    case 'image': {
      const picture = images?.(op.imageId)
      return picture ? <Image key={key} image={picture} x={op.x} y={op.y} width={op.w} height={op.h} /> : null
    }
  }
}

/** A list of operations as Konva nodes. */
export const konvaNodes = (ops: readonly DrawOp[], images?: ImageLookup) => ops.map((op, i) => konvaNode(op, i, images))
