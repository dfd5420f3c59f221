/**
 * The lines a text op shows, as Konva's Text lays them out on the wall (konva/lib/shapes/Text.js `_setTextData`,
 * wrap 'word' or 'none', ellipsis on, line height = size): the SVG export places the same lines, so a label
 * wraps alike in both (issue 18 "One picture everywhere"). Widths come from `measure`, the map font's metrics.
 */
import type { TextOp } from './ops'

/** The width in px of `text` in the map font at `size` px (the wall: a canvas; the server: the font files). */
export type MeasureText = (text: string, size: number, bold: boolean) => number

const ELLIPSIS = '…'
const isBreak = (char: string) => char === ' ' || char === '-'

export function textLines(op: TextOp, measure: MeasureText): string[] {
  const width = (text: string) => measure(text, op.size, !!op.bold)
  const lines: string[] = []
  // Whether one more line would overflow the box's height: the line being added is the last one shown.
  const last = () => op.h !== undefined && (lines.length + 1) * op.size > op.h
  // Konva cuts the last line that fits with an ellipsis when more text follows (or always, without wrapping).
  const cut = () => {
    const graphemes = [...lines[lines.length - 1]]
    let text = graphemes.join('') + ELLIPSIS
    while (graphemes.length && width(text) > op.w) {
      graphemes.pop()
      text = graphemes.join('') + ELLIPSIS
    }
    lines[lines.length - 1] = width(text) > op.w ? '' : text
  }
  const paragraphs = op.text.split('\n')
  for (const [p, paragraph] of paragraphs.entries()) {
    if (width(paragraph) <= op.w) {
      lines.push(paragraph)
      if (last() && p < paragraphs.length - 1) cut()
    } else {
      const graphemes = [...paragraph]
      let start = 0
      while (start < graphemes.length) {
        const reserve = last() ? width(ELLIPSIS) : 0
        // The longest prefix that fits (widths grow with the prefix, so the first that does not fit ends it).
        let end = start
        while (end < graphemes.length && width(graphemes.slice(start, end + 1).join('')) + reserve <= op.w) end++
        if (end === start) break
        if (end === graphemes.length) {
          lines.push(graphemes.slice(start).join(''))
          if (last() && p < paragraphs.length - 1) cut()
          break
        }
        if (op.wrap === 'word' && !isBreak(graphemes[end])) {
          let at = end - 1
          while (at >= start && !isBreak(graphemes[at])) at--
          if (at >= start) end = at + 1
        }
        lines.push(graphemes.slice(start, end).join('').replace(/\s+$/, ''))
        if (op.wrap === 'none' || last()) {
          cut()
          break
        }
        start = end
        while (start < graphemes.length && !graphemes[start].trim()) start++
      }
    }
    if (last()) break
  }
  return lines
}
