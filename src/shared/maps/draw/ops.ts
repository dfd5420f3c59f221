/**
 * The primitives a map is drawn with (issue 18 "One picture everywhere"): each item kind and each connector
 * describes its drawing once, as a list of these operations in its own coordinates, and two backends paint
 * them — Konva on the wall and in the editor (src/viewer/items), SVG in the export (export-svg.ts). Pure data:
 * no DOM, no Konva, so the server and the browser draw the same picture.
 */
import type { ItemDecorations, LiveState } from '../item-state'
import type { MapTheme } from './palette'

/**
 * Level of detail (performance: labels hidden and items simplified when zoomed out). `detail` draws
 * everything; `plain` hides decorations and hand-drawn strokes; `blocks` draws each item as a filled box.
 */
export type Lod = 'detail' | 'plain' | 'blocks'

export interface Paint {
  /** Absent: not filled (SVG's `fill="none"`). */
  fill?: string
  stroke?: string
  strokeWidth?: number
  dash?: readonly number[]
  opacity?: number
}
export interface RectOp extends Paint {
  op: 'rect'
  x: number
  y: number
  w: number
  h: number
  radius?: number
}
export interface CircleOp extends Paint {
  op: 'circle'
  x: number
  y: number
  r: number
}
export interface PathOp extends Paint {
  op: 'path'
  /** SVG path data, moved by (x, y). */
  d: string
  x?: number
  y?: number
  /** Round caps and joins (glyphs). */
  round?: boolean
  /** The stroke keeps its width on screen whatever the zoom (outlines of shapes). */
  screenStroke?: boolean
}
/** Text, never markup. A line is centred on its line box (size × 1), as Konva draws it. */
export interface TextOp {
  op: 'text'
  text: string
  x: number
  y: number
  /** The box the text is aligned in; `h` with `valign: 'middle'` centres the lines vertically. */
  w: number
  h?: number
  size: number
  fill: string
  font: string
  align: 'left' | 'center' | 'right'
  valign: 'top' | 'middle'
  bold?: boolean
  /** `none`: one line per `\n`, cut with an ellipsis; `word`: wrapped at the box's width. */
  wrap: 'none' | 'word'
}
export interface ImageOp {
  op: 'image'
  /** An uploaded picture (map-images id), stretched over the box. */
  imageId: number
  x: number
  y: number
  w: number
  h: number
}
export type DrawOp = RectOp | CircleOp | PathOp | TextOp | ImageOp
export type { ItemDecorations, LiveState }

/** What a drawing depends on besides the item and its state. */
export interface DrawContext {
  theme: MapTheme
  lod: Lod
  /** The scale labels are judged at (maps/view/lod.ts `labelScaleFor`); absent: labels always show (the export). */
  labelScale?: number
  /** Whether the picture is at hand (loaded in the browser, embedded in the export); else a placeholder is drawn. */
  hasImage(imageId: number): boolean
}

/** A label is drawn when its text is at least this tall on screen (font size × scale, in CSS pixels). */
export const MIN_LABEL_PX = 7

/** Whether a label of `fontSize` is drawn at `labelScale` (absent: always). */
export const labelVisible = (fontSize: number, labelScale: number | undefined) =>
  labelScale === undefined || fontSize * labelScale >= MIN_LABEL_PX
