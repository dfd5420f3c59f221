/** A free line or arrow; hand-drawn when `style.sketch`. */
import { useMemo } from 'react'
import { Arrow } from '../konva'
import type { ItemRenderer } from './types'
import { DrawnPath, ItemGroup } from './parts'

const pathOf = (points: number[]) => `M${points.map((n, i) => (i % 2 ? ` ${n}` : `${i ? ' L' : ''}${n}`)).join('')}`

export const line: ItemRenderer<'line'> = ({ item, theme, lod, listening }) => {
  const stroke = item.style?.stroke ?? theme.ink
  const d = useMemo(() => pathOf(item.points), [item.points])
  const sketched = item.style?.sketch && lod === 'detail'
  return (
    <ItemGroup item={item} listening={listening}>
      {sketched && <DrawnPath id={item.id} d={d} stroke={stroke} strokeWidth={item.stroke_width} sketch lod={lod} />}
      <Arrow
        points={item.points}
        stroke={stroke}
        fill={stroke}
        strokeWidth={item.stroke_width}
        hitStrokeWidth={Math.max(8, item.stroke_width)}
        opacity={sketched ? 0 : 1}
        dash={item.dash && lod !== 'blocks' ? [8, 5] : undefined}
        pointerAtEnding={item.arrow !== 'none'}
        pointerAtBeginning={item.arrow === 'both'}
        pointerLength={8 + item.stroke_width}
        pointerWidth={8 + item.stroke_width}
        perfectDrawEnabled={false}
      />
    </ItemGroup>
  )
}
/** In blocks LOD a line stays a line, not its bounding box. */
line.outline = (item) => item.points.map((n, i) => n + (i % 2 ? item.y : item.x))
