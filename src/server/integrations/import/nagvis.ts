/**
 * NagVis map import (issue 6 "Import"): a map .cfg of `define <type> { key=value … }` blocks. Hosts,
 * services, hostgroups and maps matched by name in the environment become bound items (unmatched ones become
 * unbound shapes and are listed), textboxes text, shapes shapes, lines lines. `define global` gives the map
 * its background colour and default label options; pictures (the background, shape icons) are files apart
 * from the map and are listed as missing. Issue 18: a weathermap line (a service drawn as a line, line_type
 * 13/14/15) that joins two objects becomes a bandwidth connector bound to its service, its in/out perfdata
 * labels from line_label_in/line_label_out (NagVis' defaults `in`/`out`) and a 1 Gbit/s capacity to adjust;
 * other lines joining two objects become plain connectors. An automap (`sources=automap`) becomes a map generated
 * from the environment's hosts and parents (from its `root` host down when it names one), as NagVis draws it from
 * its backend. What has no Vigil kind (gadget views, servicegroups, containers, worldmap sources, …) is counted
 * as unsupported (SPEC §8).
 */
import { ApiError } from '../../../shared/errors'
import type { ShapeIcon } from '../../../shared/maps'
import { colour, DocumentBuilder, type Converter, type Draft, type ImportLookup } from './builder'
import { joinedItems } from './nagvis-lines'

interface Block {
  type: string
  props: Record<string, string>
  line: number
}

/** Parses the blocks; `#` and `;` start comments (NagVis' own parser allows both). */
function parseBlocks(text: string): Block[] {
  const blocks: Block[] = []
  let current: Block | null = null
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim()
    if (!line || line.startsWith('#') || line.startsWith(';')) return
    const open = /^define\s+(\w+)\s*\{\s*$/.exec(line)
    if (open) {
      if (current) throw invalid(`line ${i + 1}: "define" inside the block opened on line ${current.line}`)
      current = { type: open[1].toLowerCase(), props: {}, line: i + 1 }
    } else if (line === '}') {
      if (!current) throw invalid(`line ${i + 1}: "}" without a block`)
      blocks.push(current)
      current = null
    } else if (current && line.includes('=')) {
      const eq = line.indexOf('=')
      current.props[line.slice(0, eq).trim()] = line.slice(eq + 1).trim()
    } else {
      throw invalid(`line ${i + 1}: expected key=value, "define <type> {" or "}"`)
    }
  })
  if (current) throw invalid(`the block opened on line ${(current as Block).line} is not closed`)
  if (!blocks.length) throw invalid('not a NagVis map (no "define" blocks)')
  return blocks
}

const invalid = (reason: string) => new ApiError('invalid_input', { field: 'body', reason })

/** Coordinates are numbers, lists of numbers (lines) or, since NagVis 1.6, `<object_id>%+<offset>` relative ones. */
function coordinates(value: string | undefined, axis: 'x' | 'y', byId: Map<string, Block>, depth = 0): number[] | null {
  if (value === undefined || value === '') return null
  const out: number[] = []
  for (const part of value.split(',')) {
    const rel = /^(\w+)%([+-]\d+(?:\.\d+)?)$/.exec(part.trim())
    if (rel) {
      const base = depth < 10 ? coordinates(byId.get(rel[1])?.props[axis], axis, byId, depth + 1) : null
      if (!base) return null
      out.push(base[0] + Number(rel[2]))
    } else if (Number.isFinite(Number(part)) && part.trim() !== '') out.push(Number(part))
    else return null
  }
  return out
}

/** `style=font-size:24px;color:#fff` of textboxes and labels. */
function css(style: string | undefined) {
  const rules = Object.fromEntries(
    (style ?? '')
      .split(';')
      .map((r) => r.split(':').map((s) => s.trim()))
      .filter((r) => r.length === 2),
  )
  return { fontSize: parseFloat(rules['font-size'] ?? '') || undefined, colour: rules.color }
}

/** A NagVis shape is a picture; its file name often says what it shows. */
function iconOf(file: string | undefined): ShapeIcon {
  const name = (file ?? '').toLowerCase()
  const words: [RegExp, ShapeIcon][] = [
    [/cloud|wan/, 'cloud'],
    [/router|gw/, 'router'],
    [/switch/, 'switch'],
    [/firewall/, 'firewall'],
    [/server|srv/, 'server'],
    [/storage|disk/, 'storage'],
    [/internet|world|globe/, 'internet'],
  ]
  return words.find(([re]) => re.test(name))?.[1] ?? 'rectangle'
}

/** The label NagVis shows (label_show=1): label_text with its macros, or the name. */
function labelText(p: Record<string, string>, name: string) {
  if (p.label_show !== '1') return undefined
  const text = (p.label_text || '[name]')
    .replace(/\[name\]|\[host_name\]/g, p.host_name ?? name)
    .replace(/\[service_description\]/g, p.service_description ?? '')
    .replace(/\[alias\]/g, name)
    .trim()
  return text || undefined
}

/** A bound item's label, when it says something other than the object's name. */
function label(p: Record<string, string>, name: string) {
  const text = labelText(p, name)
  return text !== name ? text : undefined
}

/** Bound objects of the environment, or an unbound shape standing in for the name (listed as unmatched). */
function objectDraft(block: Block, lookup: ImportLookup, b: DocumentBuilder): Draft | null {
  const p = block.props
  const standIn = (name: string, icon: ShapeIcon): Draft | null => {
    if (!name || name === '/') return null
    b.unmatched(name)
    return { kind: 'shape', icon, label: labelText(p, name) ?? name }
  }
  switch (block.type) {
    case 'host': {
      const h = lookup.host(p.host_name ?? '')
      return h ? { kind: 'host', host_id: h.id, name: h.name, label: label(p, h.name) } : standIn(p.host_name ?? '', 'server')
    }
    case 'service': {
      const r = lookup.resource(p.host_name ?? '', p.service_description ?? '')
      const name = `${p.host_name ?? ''}/${p.service_description ?? ''}`
      return r
        ? { kind: 'resource', resource_id: r.id, host_id: r.host_id, name: r.name, host_name: r.host_name, label: label(p, r.name) }
        : standIn(name, 'rectangle')
    }
    case 'hostgroup': {
      const e = lookup.environment(p.hostgroup_name ?? '')
      return e
        ? { kind: 'environment', hostgroup_id: e.id, name: e.name, label: label(p, e.name) }
        : standIn(p.hostgroup_name ?? '', 'rounded')
    }
    case 'map': {
      const m = lookup.map(p.map_name ?? '')
      return m ? { kind: 'map', map_id: m.id, name: m.name, label: label(p, m.name) } : standIn(p.map_name ?? '', 'rounded')
    }
    case 'textbox': {
      const s = css(p.style)
      return {
        kind: 'text',
        text: p.text ?? '',
        w: Number(p.w) || 160,
        h: Number(p.h) || 24,
        font_size: s.fontSize ?? 14,
        style: { text: s.colour, fill: p.background_color, stroke: p.border_color },
      }
    }
    case 'shape':
      if (p.icon && !/^\[.*\]$/.test(p.icon)) b.missingPicture(p.icon)
      return { kind: 'shape', icon: iconOf(p.icon) }
    default:
      return null
  }
}

/** Lines: `define line`, and hosts or services drawn as lines (view_type=line), whose state Vigil cannot show on a line. */
function lineDraft(block: Block, xs: number[], ys: number[]): Draft {
  const x = xs[0],
    y = ys[0]
  const points = xs.flatMap((px, i) => [px - x, (ys[i] ?? ys[ys.length - 1]) - y])
  const dx = points.filter((_, i) => i % 2 === 0),
    dy = points.filter((_, i) => i % 2 === 1)
  // NagVis line_type 10 is "--%--><--" (two arrows), 11 "---->" (one), 12 and 13 carry labels or traffic.
  const arrow = block.props.line_type === '11' ? 'end' : block.props.line_type === '10' ? 'both' : 'none'
  return {
    kind: 'line',
    x,
    y,
    points,
    arrow,
    stroke_width: Number(block.props.line_width) || 3,
    w: Math.max(1, Math.max(...dx) - Math.min(...dx)),
    h: Math.max(1, Math.max(...dy) - Math.min(...dy)),
    label: block.type === 'line' ? undefined : `${block.props.host_name ?? ''} ${block.props.service_description ?? ''}`.trim(),
    style: { stroke: block.props.line_color },
  }
}

/** Label options `define global` sets for every object (NagVis inherits them unless an object sets its own). */
const INHERITED = ['label_show', 'label_text'] as const

/** An automap's root host (`root=`), when it names one of the environment's; else the whole environment. */
function automap(root: string | undefined, lookup: ImportLookup, b: DocumentBuilder) {
  if (!root) return {}
  const host = lookup.host(root)
  if (!host) b.unmatched(root)
  return host ? { root_host_id: host.id } : {}
}

export const nagvis: Converter = (text, lookup) => {
  const blocks = parseBlocks(text)
  const byId = new Map(blocks.filter((bl) => bl.props.object_id).map((bl) => [bl.props.object_id, bl]))
  const b = new DocumentBuilder()
  const global = blocks.find((bl) => bl.type === 'global')?.props ?? {}
  const defaults = Object.fromEntries(INHERITED.flatMap((k) => (global[k] !== undefined ? [[k, global[k]]] : [])))
  const lines: { block: Block; xs: number[]; ys: number[]; z: number }[] = []
  blocks.forEach((block, order) => {
    const p = block.type === 'global' ? block.props : { ...defaults, ...block.props }
    if (block.type === 'global') {
      const bg = colour(p.background_color)
      if (bg && bg !== 'transparent') b.background = { ...b.background, colour: bg }
      if (p.map_image) b.missingPicture(p.map_image)
      // An automap is drawn from the backend's host tree, which Vigil has too (SPEC §3 host parents): generated.
      if (p.sources === 'automap') b.generate = automap(p.root, lookup, b)
      else if (p.sources) b.skip(`sources=${p.sources}`)
      return
    }
    if (block.type === 'template') return b.skip('template')
    const xs = coordinates(p.x, 'x', byId)
    const ys = coordinates(p.y, 'y', byId)
    if (!xs || !ys) return b.skip(`${block.type} without position`)
    const z = p.z !== undefined && Number.isFinite(Number(p.z)) ? Number(p.z) * 10_000 + order : order
    if (block.type === 'line' || p.view_type === 'line') {
      if (xs.length < 2) return b.skip('line with one point')
      // Lines come last: what they join must be on the map first.
      return void lines.push({ block: { ...block, props: p }, xs, ys, z })
    }
    // A textbox that is only a NagVis run-time macro ([refresh_counter]: seconds to its next poll) means nothing on
    // a wall the feed keeps live (which shows its last update itself): counted, not drawn as the macro's name.
    if (block.type === 'textbox' && /^\[\w+\]$/.test((p.text ?? '').trim())) return b.skip(`textbox ${p.text!.trim()}`)
    const draft = objectDraft({ ...block, props: p }, lookup, b)
    if (!draft) return b.skip(block.type)
    b.add({ ...draft, x: xs[0], y: ys[0], z } as Draft)
  })
  const objects = b.itemIds()
  for (const line of lines) addLine(line, objects, lookup, b)
  return b.build()
}

/** NagVis' weathermap line types: 13 "%", 14 "% and bandwidth", 15 "bandwidth" (traffic from the perfdata). */
const WEATHERMAP = ['13', '14', '15']
/** A weathermap line says nothing of the link's speed: 1 Gbit/s until someone sets it in the connector form. */
const DEFAULT_CAPACITY_BPS = 1e9

/** A line joining two objects becomes a connector (bound to its service when it is a weathermap line), else a line. */
function addLine(
  { block, xs, ys, z }: { block: Block; xs: number[]; ys: number[]; z: number },
  objects: readonly string[],
  lookup: ImportLookup,
  b: DocumentBuilder,
) {
  const p = block.props
  const isService = block.type === 'service'
  const ends = joinedItems(b, objects, xs, ys)
  const name = isService ? `${p.host_name ?? ''}/${p.service_description ?? ''}` : ''
  const resource = isService ? lookup.resource(p.host_name ?? '', p.service_description ?? '') : undefined
  if (isService && !resource && name !== '/') b.unmatched(name)
  if (ends) {
    const bandwidth =
      resource && WEATHERMAP.includes(p.line_type ?? '')
        ? {
            resource_id: resource.id,
            in_key: p.line_label_in || 'in',
            out_key: p.line_label_out || 'out',
            capacity_bps: DEFAULT_CAPACITY_BPS,
          }
        : undefined
    const labelled = isService ? `${p.host_name ?? ''} ${p.service_description ?? ''}`.trim() : undefined
    const width = Number(p.line_width) || 3
    if (b.connect(ends[0], ends[1], { label: labelled, colour: p.line_color, width, bandwidth }, 'line joining the same objects twice'))
      return
  }
  if (block.type !== 'line') b.skip(`${block.type} drawn as a line between no two objects`)
  b.add({ ...lineDraft(block, xs, ys), z })
}
