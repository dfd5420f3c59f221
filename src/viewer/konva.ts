/**
 * The Konva the viewer draws with: react-konva's core and only the shapes the item kinds use. The full
 * Konva (every shape, the Transformer, tweens' easings and two dozen filters) is the editor's; a wall
 * evaluates a third less of it before its first paint (issue 7 "first paint under 1 s").
 * A shape kind added to an item renderer must be imported here (react-konva draws an unknown type as a Group).
 */
import 'konva/lib/shapes/Arrow'
import 'konva/lib/shapes/Circle'
import 'konva/lib/shapes/Image'
import 'konva/lib/shapes/Line'
import 'konva/lib/shapes/Path'
import 'konva/lib/shapes/Rect'
import { Text as KonvaText } from 'konva/lib/shapes/Text'

export { Arrow, Circle, Group, Image, Layer, Line, Path, Rect, Shape, Stage, Text } from 'react-konva/lib/ReactKonvaCore'

/**
 * Konva 10's Text measures an 'M' in its font on every draw of every label to place the baseline (Text.js
 * `_sceneFunc`): 8 % of a wall's redraw at zoom 1 (issue 18 rerender_fps). The metrics depend on the font alone,
 * so they are kept per font, and forgotten when a web font finishes loading (its metrics replace the fallback's).
 */
const measureSize = KonvaText.prototype.measureSize
const metricsByFont = new Map<string, ReturnType<typeof measureSize>>()
KonvaText.prototype.measureSize = function (this: KonvaText, text: string) {
  if (text !== 'M') return measureSize.call(this, text)
  const font = `${this.fontStyle()} ${this.fontVariant()} ${this.fontSize()}px ${this.fontFamily()}`
  let metrics = metricsByFont.get(font)
  if (!metrics) metricsByFont.set(font, (metrics = measureSize.call(this, text)))
  return metrics
}
if (typeof document !== 'undefined') document.fonts?.addEventListener('loadingdone', () => metricsByFont.clear())
