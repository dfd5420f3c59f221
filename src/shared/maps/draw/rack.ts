/**
 * A rack (SPEC §2 "slots/rack visualization"): a frame of `units` height units, unit 1 at the bottom as racks
 * are numbered, each bound slot in its host's state colour (the roll-up gives slot states in `state.parts`).
 */
import type { RackItem } from '../items'
import { labelVisible, type DrawContext, type DrawOp, type LiveState } from './ops'
import { liveColour } from './palette'
import { labelOps, labelSize } from './parts'

const FRAME = 12

export const rack = {
  ops(item: RackItem, state: LiveState | undefined, ctx: DrawContext): DrawOp[] {
    const { theme } = ctx
    const { w, h, units } = item
    if (ctx.lod === 'blocks') return [{ op: 'rect', x: 0, y: 0, w, h, fill: liveColour(theme, state) }]
    const unit = (h - 2 * FRAME) / units
    const slots = item.slots.flatMap((slot): DrawOp[] => {
      const y = FRAME + (units - (slot.u + slot.size - 1)) * unit
      const height = slot.size * unit - 1
      const fontSize = Math.min(11, unit * slot.size - 2)
      const fill = slot.host_id ? liveColour(theme, state?.parts?.[slot.host_id]) : theme.muted
      const body: DrawOp = { op: 'rect', x: FRAME, y, w: w - 2 * FRAME, h: height, fill, radius: 1 }
      if (!slot.label || unit * slot.size < 10 || !labelVisible(fontSize, ctx.labelScale)) return [body]
      return [
        body,
        {
          op: 'text',
          text: slot.label,
          x: FRAME + 4,
          y,
          w: w - 2 * FRAME - 8,
          h: height,
          size: fontSize,
          fill: theme.onState,
          font: theme.font,
          align: 'left',
          valign: 'middle',
          wrap: 'none',
        },
      ]
    })
    return [
      {
        op: 'rect',
        x: 0,
        y: 0,
        w,
        h,
        fill: item.style?.fill ?? theme.fill,
        stroke: item.style?.stroke ?? theme.ink,
        strokeWidth: 2,
        radius: 3,
      },
      ...slots,
      ...labelOps(item.label, w, h + 4, ctx, { size: labelSize(item) }),
    ]
  },
}
