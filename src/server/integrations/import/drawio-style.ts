/**
 * draw.io (diagrams.net) cell styles: `named;key=value;…`. Which Vigil shape icon (SPEC §5 "a map shape needs
 * a valid icon", SHAPE_ICONS) a style stands for, and which colours and text settings carry over.
 */
import type { ShapeIcon } from '../../../shared/maps'

export interface CellStyle {
  /** Tokens without `=`, e.g. `ellipse`, `text`, `group`, `edgeLabel`. */
  named: string[]
  kv: Record<string, string>
}

export function parseStyle(style: string | undefined): CellStyle {
  const named: string[] = []
  const kv: Record<string, string> = {}
  for (const part of (style ?? '').split(';')) {
    const token = part.trim()
    if (!token) continue
    const eq = token.indexOf('=')
    if (eq < 0) named.push(token)
    else kv[token.slice(0, eq)] = token.slice(eq + 1)
  }
  return { named, kv }
}

export const isText = (s: CellStyle) => s.named[0] === 'text' || s.kv.shape === 'text'
export const isEdgeLabel = (s: CellStyle) => s.named.includes('edgeLabel')
/** Edges drawn with right angles (draw.io's orthogonal and elbow styles). */
export const isOrthogonal = (s: CellStyle) => /orthogonal|elbow|isometric/i.test(s.kv.edgeStyle ?? '')
/** Groups and layers arrange other cells and draw nothing themselves. */
export const isGroup = (s: CellStyle) => s.named[0] === 'group'

/** Basic draw.io shapes by name. */
const GEOMETRIC: Record<string, ShapeIcon> = {
  ellipse: 'ellipse',
  doubleEllipse: 'ellipse',
  rhombus: 'diamond',
  triangle: 'triangle',
  hexagon: 'hexagon',
  cloud: 'cloud',
  cylinder: 'cylinder',
  cylinder3: 'cylinder',
  datastore: 'cylinder',
}

/** Words in stencil names (`mxgraph.cisco.routers.atm_router`) and image paths, first match wins. */
const DEVICE_WORDS: [RegExp, ShapeIcon][] = [
  [/firewall/, 'firewall'],
  [/router/, 'router'],
  [/switch|hub\b|_hub|bridge/, 'switch'],
  [/server|mainframe|blade/, 'server'],
  [/storage|\bnas\b|\bsan\b|disk|tape/, 'storage'],
  [/database|\bdb\b/, 'cylinder'],
  [/workstation|laptop|desktop|computer|terminal|\bpc\b|\.pc$|_pc\b|mobile|phone|tablet|printer|user/, 'workstation'],
  [/internet|globe|www/, 'internet'],
  [/cloud/, 'cloud'],
  // Issue 18: the rest of the common mxgraph.cisco* and mxgraph.networks stencils, by what they stand for.
  [/gateway|modem|vpn|concentrator/, 'router'],
  [/access_point|wireless|wlan|load_balancer|patch_panel/, 'switch'],
  [/rack|nas_filer/, 'server'],
]

function deviceIcon(name: string): ShapeIcon | undefined {
  const words = name.toLowerCase()
  return DEVICE_WORDS.find(([re]) => re.test(words))?.[1]
}

/** The shape icon of a vertex style; `rectangle` when nothing more specific is known. */
export function shapeIcon(s: CellStyle): ShapeIcon {
  const shape = s.kv.shape ?? ''
  const first = s.named[0] ?? ''
  const geometric = GEOMETRIC[shape] ?? GEOMETRIC[first]
  if (geometric) return geometric
  if (shape === 'image' || first === 'image') {
    // A data URI says nothing about what it shows; a file path often does (`Router_Icon_128x128.png`).
    const path = (s.kv.image ?? '').startsWith('data:') ? '' : (s.kv.image ?? '')
    return deviceIcon(path) ?? 'rectangle'
  }
  // Cisco 19 stencils draw one frame (`mxgraph.cisco19.rect`) and name the device in `prIcon`.
  if (s.kv.prIcon) return deviceIcon(s.kv.prIcon) ?? 'rectangle'
  if (shape.startsWith('mxgraph.')) return deviceIcon(shape.slice('mxgraph.'.length)) ?? 'rectangle'
  return s.kv.rounded === '1' ? 'rounded' : 'rectangle'
}

/** Colours of SPEC §2 "Map editor: colors" as draw.io names them. */
export const styleColours = (s: CellStyle) => ({
  fill: s.kv.fillColor,
  stroke: s.kv.strokeColor,
  text: s.kv.fontColor,
  sketch: s.kv.sketch === '1' ? true : undefined,
})

/** Label source read at most: labels are cut to 200 characters later anyway, and nothing reads the rest. */
const LABEL_SOURCE_MAX = 4096

/** Markup removed in one pass with indexOf (a regex such as `<[^>]*>` is quadratic over many `<`, issue 13). */
function stripTags(html: string): string {
  let out = ''
  let at = 0
  for (;;) {
    const open = html.indexOf('<', at)
    if (open < 0) return out + html.slice(at)
    const close = html.indexOf('>', open + 1)
    // An unclosed `<` starts no tag: the rest is text.
    if (close < 0) return out + html.slice(at)
    const tag = html
      .slice(open + 1, close)
      .trim()
      .toLowerCase()
    out += html.slice(at, open) + (/^(br\s*\/?|\/(div|p|li|tr|h\d))$/.test(tag) ? '\n' : '')
    at = close + 1
  }
}

/** A label's plain text: draw.io labels with `html=1` hold markup, which Vigil never renders (text is text). */
export function plainLabel(value: string | undefined, s: CellStyle): string {
  if (!value) return ''
  const source = value.slice(0, LABEL_SOURCE_MAX)
  if (s.kv.html !== '1') return source.trim()
  return stripTags(source)
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n')
}
