/** A drawn shape (SPEC §2 "shapes"): one of SHAPE_ICONS, filled or hand-drawn (`style.sketch`). */
import { useMemo } from 'react'
import { Rect } from '../konva'
import type { ItemRenderer } from './types'
import { DrawnPath, ItemGroup, Label, labelSize } from './parts'
import { shapePath } from './geometry'

export const shape: ItemRenderer<'shape'> = ({ item, theme, lod, listening, labelScale }) => {
  const { w, h, icon, style } = item
  const path = useMemo(() => shapePath(icon, w, h), [icon, w, h])
  const fill = style?.fill ?? theme.fill
  const stroke = style?.stroke ?? theme.ink
  if (lod === 'blocks')
    return (
      <ItemGroup item={item} listening={listening}>
        <Rect width={w} height={h} fill={fill} />
      </ItemGroup>
    )
  return (
    <ItemGroup item={item} listening={listening}>
      <DrawnPath id={item.id} d={path.body} fill={fill} stroke={stroke} strokeWidth={1.5} sketch={style?.sketch} lod={lod} />
      {path.detail && <DrawnPath id={`${item.id}~`} d={path.detail} stroke={stroke} strokeWidth={1.5} sketch={style?.sketch} lod={lod} />}
      <Label
        text={item.label}
        w={w}
        y={h / 2 - labelSize(item) / 2}
        theme={theme}
        lod={lod}
        labelScale={labelScale}
        size={labelSize(item)}
        colour={style?.text}
      />
    </ItemGroup>
  )
}
