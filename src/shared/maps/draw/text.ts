/** Free text (SPEC §2): text, never markup. Shown at every LOD but blocks, where it is a faint bar. */
import type { TextItem } from '../items'
import type { DrawContext, DrawOp } from './ops'

export const text = {
  ops(item: TextItem, _state: unknown, { theme, lod }: DrawContext): DrawOp[] {
    const colour = item.style?.text ?? theme.text
    const box: DrawOp[] = item.style?.fill ? [{ op: 'rect', x: 0, y: 0, w: item.w, h: item.h, fill: item.style.fill }] : []
    if (lod === 'blocks') return [...box, { op: 'rect', x: 0, y: item.h / 2 - 1, w: item.w, h: 2, fill: colour, opacity: 0.5 }]
    return [
      ...box,
      {
        op: 'text',
        text: item.text,
        x: 0,
        y: 0,
        w: item.w,
        h: item.h,
        size: item.font_size,
        align: item.align,
        valign: 'top',
        font: theme.font,
        fill: colour,
        wrap: 'word',
      },
    ]
  },
}
