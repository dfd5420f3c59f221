/** Pieces the item drawings share: an item's label, and the SPEC §4 decoration badges of a bound item. */
import type { ItemBase } from '../items'
import { labelVisible, type DrawContext, type DrawOp, type LiveState, type TextOp } from './ops'

/** The label size of an item (its style's, else 12 px). */
export const labelSize = (item: Pick<ItemBase, 'style'>) => item.style?.font_size ?? 12

/**
 * A label centred on a box of width `w` (it may run past the box by half its width each side), drawn when
 * readable on screen (issue 18: its size × the scale), never as blocks.
 */
export function labelOps(
  text: string | undefined,
  w: number,
  y: number,
  ctx: DrawContext,
  { size = 12, colour, align = 'center' }: { size?: number; colour?: string; align?: TextOp['align'] } = {},
): DrawOp[] {
  if (!text || ctx.lod === 'blocks' || !labelVisible(size, ctx.labelScale)) return []
  const { theme } = ctx
  return [
    { op: 'text', text, x: -w / 2, y, w: w * 2, size, fill: colour ?? theme.text, font: theme.font, align, valign: 'top', wrap: 'none' },
  ]
}

const BADGE: Record<string, string> = { maintenance: 'M', stale: 'S', flapping: 'F', ticket: 'T', acknowledged: 'A' }

/** SPEC §4 Decorations: in maintenance, else stale, else flapping; and ticket, else acknowledged. */
export function decorationBadges(state: LiveState | undefined): string[] {
  if (!state) return []
  const first = state.in_maintenance ? 'maintenance' : state.stale ? 'stale' : state.flapping ? 'flapping' : null
  const second = state.ticket ? 'ticket' : state.acknowledged ? 'acknowledged' : null
  return [first, second].filter((d): d is string => d !== null)
}

/** The badges in the item's top right corner, at full detail only. */
export function badgeOps(state: LiveState | undefined, w: number, { theme, lod }: DrawContext): DrawOp[] {
  if (lod !== 'detail') return []
  return decorationBadges(state).flatMap((d, i): DrawOp[] => {
    const x = w - 2 - i * 15
    return [
      { op: 'circle', x, y: 2, r: 7, fill: theme.background, stroke: theme.ink, strokeWidth: 1 },
      {
        op: 'text',
        text: BADGE[d],
        x: x - 7,
        y: -3,
        w: 14,
        size: 10,
        bold: true,
        fill: theme.ink,
        font: theme.font,
        align: 'center',
        valign: 'top',
        wrap: 'none',
      },
    ]
  })
}
