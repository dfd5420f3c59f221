/** Layer 1 (STYLE.md "Rendering"): background colour, picture and grid; not listening, drawn on change only. */
import { memo } from 'react'
import { Image, Layer, Rect, Shape } from 'react-konva'
import type { MapDocument } from '../../shared/maps'
import type { ImageLookup, MapTheme } from '../../viewer'

export interface BackgroundLayerProps {
  resolution: MapDocument['resolution']
  background: MapDocument['background']
  grid: MapDocument['grid']
  theme: MapTheme
  images: ImageLookup
}

export const BackgroundLayer = memo(function BackgroundLayer({ resolution, background, grid, theme, images }: BackgroundLayerProps) {
  const picture = background.image_id ? images(background.image_id) : undefined
  const { width, height } = resolution
  return (
    <Layer listening={false}>
      <Rect
        width={width}
        height={height}
        fill={background.colour}
        stroke={theme.muted}
        strokeWidth={1}
        strokeScaleEnabled={false}
        shadowForStrokeEnabled={false}
      />
      {picture && <Image image={picture} width={width} height={height} />}
      {grid.visible && (
        // One shape for every grid line: cheaper than a node per line.
        <Shape
          stroke={theme.grid}
          strokeWidth={1}
          strokeScaleEnabled={false}
          perfectDrawEnabled={false}
          sceneFunc={(ctx, shape) => {
            ctx.beginPath()
            for (let x = grid.size; x < width; x += grid.size) {
              ctx.moveTo(x, 0)
              ctx.lineTo(x, height)
            }
            for (let y = grid.size; y < height; y += grid.size) {
              ctx.moveTo(0, y)
              ctx.lineTo(width, y)
            }
            ctx.strokeShape(shape)
          }}
        />
      )}
    </Layer>
  )
})
