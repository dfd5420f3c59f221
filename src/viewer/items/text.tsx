/** Free text (SPEC §2): drawn as Konva text, never interpreted as markup. Shown at every LOD but blocks. */
import { Rect, Text } from '../konva'
import type { ItemRenderer } from './types'
import { ItemGroup } from './parts'

export const text: ItemRenderer<'text'> = ({ item, theme, lod, listening }) => {
  const colour = item.style?.text ?? theme.text
  return (
    <ItemGroup item={item} listening={listening}>
      {item.style?.fill && <Rect width={item.w} height={item.h} fill={item.style.fill} />}
      {lod === 'blocks' ? (
        <Rect y={item.h / 2 - 1} width={item.w} height={2} fill={colour} opacity={0.5} />
      ) : (
        <Text
          text={item.text}
          width={item.w}
          height={item.h}
          fontSize={item.font_size}
          align={item.align}
          fontFamily={theme.font}
          fill={colour}
          wrap="word"
          ellipsis
        />
      )}
    </ItemGroup>
  )
}
