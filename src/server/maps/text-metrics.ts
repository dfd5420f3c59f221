/**
 * Text widths for the SVG export (issue 18 "One picture everywhere"): the wall measures labels with a canvas in
 * the map font (Inter, bundled, src/shared/maps/draw/palette.ts), so the server shapes them with HarfBuzz (the
 * shaper Chromium's canvas uses) over the same font files, and the export wraps where the wall does. Each font
 * file covers a part of Unicode (as the browser's @font-face unicode-range): a character is measured in the
 * first file that has it, the Latin one for a character none has (the browser falls back to a system font).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'
import * as hb from 'harfbuzzjs'
import type { MeasureText } from '../../shared/maps/draw'

/** The subsets of the map font, Latin first (what most labels are). */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const

/** A WOFF 1.0 file as the plain OpenType file HarfBuzz reads: each table inflated, offsets recomputed. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const v = new DataView(woff.buffer, woff.byteOffset, woff.byteLength)
  const count = v.getUint16(12)
  const tables = Array.from({ length: count }, (_, i) => {
    const e = 44 + i * 20
    const [offset, packed, length] = [v.getUint32(e + 4), v.getUint32(e + 8), v.getUint32(e + 12)]
    const raw = woff.subarray(offset, offset + packed)
    return { tag: v.getUint32(e), checksum: v.getUint32(e + 16), data: packed < length ? new Uint8Array(zlib.inflateSync(raw)) : raw }
  })
  const head = 12 + 16 * count
  const out = new Uint8Array(tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), head))
  const o = new DataView(out.buffer)
  o.setUint32(0, v.getUint32(4))
  o.setUint16(4, count)
  let at = head
  tables.forEach((t, i) => {
    o.setUint32(12 + i * 16, t.tag)
    o.setUint32(16 + i * 16, t.checksum)
    o.setUint32(20 + i * 16, at)
    o.setUint32(24 + i * 16, t.data.length)
    out.set(t.data, at)
    at += (t.data.length + 3) & ~3
  })
  return out
}

interface Face {
  font: hb.Font
  upem: number
  has: Set<number>
}

function loadFace(file: string): Face {
  const face = new hb.Face(new hb.Blob(woffToSfnt(fs.readFileSync(file))))
  return { font: new hb.Font(face), upem: face.upem, has: new Set(face.collectUnicodes()) }
}

const require = createRequire(import.meta.url)
const faces = new Map<string, Face[]>()
function facesOf(weight: 400 | 700): Face[] {
  const key = String(weight)
  if (!faces.has(key))
    faces.set(
      key,
      SUBSETS.map((subset) => loadFace(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`))),
    )
  return faces.get(key)!
}

/** The advance of one run of text in one face, shaped (kerning and ligatures as the browser applies them). */
function shapedWidth(face: Face, text: string, size: number): number {
  const buffer = new hb.Buffer()
  buffer.addText(text)
  buffer.guessSegmentProperties()
  hb.shape(face.font, buffer)
  return (buffer.getGlyphPositions().reduce((sum, p) => sum + p.xAdvance, 0) * size) / face.upem
}

/** The width of `text` in the map font at `size` px, as the wall's canvas measures it. */
export const measureMapText: MeasureText = (text, size, bold) => {
  const list = facesOf(bold ? 700 : 400)
  let width = 0
  let run = ''
  let runFace: Face | null = null
  for (const char of text) {
    const face = list.find((f) => f.has.has(char.codePointAt(0)!)) ?? list[0]
    if (face !== runFace && runFace) {
      width += shapedWidth(runFace, run, size)
      run = ''
    }
    runFace = face
    run += char
  }
  return runFace ? width + shapedWidth(runFace, run, size) : 0
}

/** The @font-face rule of one subset and weight of the map font, its WOFF2 file inlined (`src` as a data URI). */
const faceRules = new Map<string, string>()
function faceRule(subset: (typeof SUBSETS)[number], weight: 400 | 700): string {
  const key = `${subset}-${weight}`
  let rule = faceRules.get(key)
  if (rule === undefined) {
    // Fontsource's own stylesheet of the weight holds each subset's unicode-range.
    const css = fs.readFileSync(require.resolve(`@fontsource/inter/${weight}.css`), 'utf8')
    const block = css.slice(css.indexOf(`/* inter-${subset}-${weight}-normal */`))
    const range = /unicode-range:\s*([^;]+);/.exec(block)![1]
    const woff2 = fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff2`)).toString('base64')
    rule = `@font-face{font-family:'Inter';font-style:normal;font-weight:${weight};src:url(data:font/woff2;base64,${woff2}) format('woff2');unicode-range:${range}}`
    faceRules.set(key, rule)
  }
  return rule
}

/**
 * The map font's faces an exported drawing needs (those of its characters, in the weights it uses), as CSS to
 * embed in the file: an SVG opened elsewhere, and the PNG the browser rasterises from it (an image cannot use the
 * page's fonts), draw the glyphs the wall draws, not a fallback font's.
 */
export function mapFontFaces(chars: ReadonlySet<string>, weights: ReadonlySet<400 | 700>): string {
  const rules: string[] = []
  for (const weight of [400, 700] as const) {
    if (!weights.has(weight)) continue
    const list = facesOf(weight)
    const needed = new Set<number>()
    for (const char of chars)
      needed.add(
        Math.max(
          0,
          list.findIndex((f) => f.has.has(char.codePointAt(0)!)),
        ),
      )
    for (const [i, subset] of SUBSETS.entries()) if (needed.has(i)) rules.push(faceRule(subset, weight))
  }
  return rules.join('\n')
}
