/**
 * A rack (SPEC §2 "slots/rack visualization"): a frame of `units` height units, unit 1 at the bottom as racks
 * are numbered, each slot in its host's state colour (the caller passes slot states in `state.parts`).
 */
import { Group, Rect, Text } from '../konva'
import type { ItemRenderer } from './types'
import { ItemGroup, Label, labelSize } from './parts'
import { labelVisible } from '../canvas/lod'
import { liveColour } from '../theme'

const FRAME = 12

export const rack: ItemRenderer<'rack'> = ({ item, state, theme, lod, listening, labelScale }) => {
  const { w, h, units } = item
  const unit = (h - 2 * FRAME) / units
  const stroke = item.style?.stroke ?? theme.ink
  if (lod === 'blocks')
    return (
      <ItemGroup item={item} listening={listening}>
        <Rect width={w} height={h} fill={liveColour(theme, state)} />
      </ItemGroup>
    )
  return (
    <ItemGroup item={item} listening={listening}>
      <Rect width={w} height={h} fill={item.style?.fill ?? theme.fill} stroke={stroke} strokeWidth={2} cornerRadius={3} />
      {item.slots.map((slot) => {
        const top = FRAME + (units - (slot.u + slot.size - 1)) * unit
        const slotState = slot.host_id ? state?.parts?.[slot.host_id] : undefined
        const fontSize = Math.min(11, unit * slot.size - 2)
        return (
          <Group key={`${slot.u}`} x={FRAME} y={top}>
            <Rect
              width={w - 2 * FRAME}
              height={slot.size * unit - 1}
              fill={slot.host_id ? liveColour(theme, slotState) : theme.muted}
              cornerRadius={1}
            />
            {unit * slot.size >= 10 && labelVisible(fontSize, labelScale) && (
              <Text
                text={slot.label}
                x={4}
                width={w - 2 * FRAME - 8}
                height={slot.size * unit - 1}
                verticalAlign="middle"
                fontSize={fontSize}
                fontFamily={theme.font}
                fill={theme.onState}
                wrap="none"
                ellipsis
                listening={false}
              />
            )}
          </Group>
        )
      })}
      <Label text={item.label} w={w} y={h + 4} theme={theme} lod={lod} labelScale={labelScale} size={labelSize(item)} />
    </ItemGroup>
  )
}
