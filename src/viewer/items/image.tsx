/** An uploaded picture. The caller loads it (renderers make no request); until then a placeholder is drawn. */
import { Image, Line, Rect } from '../konva'
import type { ItemRenderer } from './types'
import { ItemGroup } from './parts'

export const image: ItemRenderer<'image'> = ({ item, theme, lod, images, listening }) => {
  const picture = lod === 'blocks' ? undefined : images?.(item.image_id)
  return (
    <ItemGroup item={item} listening={listening}>
      {picture ? (
        <Image image={picture} width={item.w} height={item.h} />
      ) : (
        <>
          <Rect width={item.w} height={item.h} fill={theme.fill} stroke={theme.muted} strokeWidth={1} />
          {lod !== 'blocks' && (
            <Line points={[0, 0, item.w, item.h, item.w, 0, 0, item.h]} stroke={theme.muted} strokeWidth={1} listening={false} />
          )}
        </>
      )}
    </ItemGroup>
  )
}
