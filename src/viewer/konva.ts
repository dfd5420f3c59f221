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
import 'konva/lib/shapes/Text'

export { Arrow, Circle, Group, Image, Layer, Line, Path, Rect, Shape, Stage, Text } from 'react-konva/lib/ReactKonvaCore'
