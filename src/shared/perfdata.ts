/**
 * Nagios plugin output and performance data (Nagios plugin development guidelines, "Plugin Output"
 * and "Performance data"): the first line is `plugin_output`, later lines `extended_output`; perfdata
 * follows a `|` on the first line and the first `|` of the later lines, and runs to the end.
 * Shared by the `command` check kind, passive results and the graphs, so it uses no Node API.
 */
import { z } from 'zod'
import { parseRange, scaleRange, ThresholdRangeSchema, type ThresholdRange } from './thresholds'

/**
 * One performance data item. `value`, `warn`, `crit`, `min` and `max` are in the normalised `unit`
 * so that a series stays comparable when a plugin changes its unit; `uom` keeps what it wrote.
 */
export const PerfItemSchema = z.object({
  label: z.string().min(1),
  /** null when the plugin wrote `U` (value could not be determined) */
  value: z.number().nullable(),
  uom: z.string(),
  /** `s`, `B`, `%`, `c` (counter), `` (plain number) or, for a unit outside the guidelines, the uom */
  unit: z.string(),
  warn: ThresholdRangeSchema.nullable(),
  crit: ThresholdRangeSchema.nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
})
export type PerfItem = z.infer<typeof PerfItemSchema>

/** What a plugin's stdout means: the shape of a check result without its status. */
export interface PluginOutput {
  output: string
  long_output?: string
  perfdata: PerfItem[]
}

// Byte multiples use base 1024, as monitoring-plugins' check_disk computes MB and as SPEC §9
// "Bytes base 1024" displays them; KiB-style spellings mean the same.
const KIB = 1024
const UNITS: Readonly<Record<string, readonly [unit: string, factor: number]>> = {
  '': ['', 1],
  '%': ['%', 1],
  c: ['c', 1],
  s: ['s', 1],
  ms: ['s', 1e-3],
  us: ['s', 1e-6],
  µs: ['s', 1e-6],
  ns: ['s', 1e-9],
  B: ['B', 1],
  KB: ['B', KIB],
  kB: ['B', KIB],
  KiB: ['B', KIB],
  MB: ['B', KIB ** 2],
  MiB: ['B', KIB ** 2],
  GB: ['B', KIB ** 3],
  GiB: ['B', KIB ** 3],
  TB: ['B', KIB ** 4],
  TiB: ['B', KIB ** 4],
  PB: ['B', KIB ** 5],
  PiB: ['B', KIB ** 5],
}

/** The normalised unit of a plugin's unit of measurement and the factor that converts to it. */
export function normaliseUnit(uom: string): readonly [unit: string, factor: number] {
  return UNITS[uom] ?? [uom, 1]
}

/** Optional parts of a perfdata item, in the plugin's unit (`uom`). */
export interface PerfExtras {
  warn?: ThresholdRange | null
  crit?: ThresholdRange | null
  min?: number | null
  max?: number | null
}

/** Builds a normalised item from values in `uom`; check kinds use it for the perfdata they report. */
export function perfItem(label: string, value: number | null, uom: string, extras: PerfExtras = {}): PerfItem {
  const [unit, factor] = normaliseUnit(uom)
  return {
    label,
    value: value === null ? null : value * factor,
    uom,
    unit,
    warn: extras.warn ? scaleRange(extras.warn, factor) : null,
    crit: extras.crit ? scaleRange(extras.crit, factor) : null,
    min: extras.min == null ? null : extras.min * factor,
    max: extras.max == null ? null : extras.max * factor,
  }
}

const VALUE = /^([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|U)([^\d\s;.+-][^\s;]*)?$/
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/

function optionalNumber(text: string | undefined): number | null | undefined {
  if (text === undefined || text === '') return null
  return NUMBER.test(text) ? Number(text) : undefined
}

function optionalRange(text: string | undefined): ThresholdRange | null | undefined {
  if (text === undefined || text === '') return null
  return parseRange(text) ?? undefined
}

/** `value[UOM];warn;crit;min;max` → item, or null when any present field is malformed. */
function parseItem(label: string, data: string): PerfItem | null {
  const fields = data.replace(/,/g, '.').split(';')
  const head = VALUE.exec(fields[0])
  if (!head) return null
  const warn = optionalRange(fields[1])
  const crit = optionalRange(fields[2])
  const min = optionalNumber(fields[3])
  const max = optionalNumber(fields[4])
  if (warn === undefined || crit === undefined || min === undefined || max === undefined) return null
  const value = head[1] === 'U' ? null : Number(head[1])
  const item = perfItem(label, value, head[2] ?? '', { warn, crit, min, max })
  // `1e400`, or 1e308 PB once scaled, is no measurement: Infinity would not survive JSON (issue 13, fast-check).
  const numbers = [item.value, item.min, item.max, item.warn?.start, item.warn?.end, item.crit?.start, item.crit?.end]
  return numbers.every((n) => n == null || Number.isFinite(n)) ? item : null
}

const isSpace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r'

/**
 * Parses a perfdata string: space separated `'label'=value[UOM];warn;crit;min;max` with optional
 * quotes around the label (`''` is a quote inside it). Malformed items are skipped, never thrown,
 * and a label seen twice keeps its first value, as a series is keyed by label.
 */
export function parsePerfdata(text: string): PerfItem[] {
  const items: PerfItem[] = []
  const seen = new Set<string>()
  const n = text.length
  let i = 0
  while (i < n) {
    while (i < n && isSpace(text[i])) i++
    if (i >= n) break
    let label = ''
    if (text[i] === "'") {
      let j = i + 1
      let closed = false
      while (j < n) {
        const quote = text.indexOf("'", j)
        if (quote === -1) break
        label += text.slice(j, quote)
        if (text[quote + 1] === "'") {
          label += "'"
          j = quote + 2
        } else {
          i = quote + 1
          closed = true
          break
        }
      }
      if (!closed) break // an unterminated quote swallows the rest: nothing more can be trusted
    } else {
      const start = i
      while (i < n && text[i] !== '=' && !isSpace(text[i])) i++
      label = text.slice(start, i)
    }
    if (text[i] !== '=') {
      while (i < n && !isSpace(text[i])) i++
      continue
    }
    const start = ++i
    while (i < n && !isSpace(text[i])) i++
    const item = label === '' ? null : parseItem(label, text.slice(start, i))
    if (item && !seen.has(label)) {
      seen.add(label)
      items.push(item)
    }
  }
  return items
}

/** Splits a plugin's stdout into `plugin_output`, `extended_output` and parsed perfdata. */
export function parsePluginOutput(text: string): PluginOutput {
  const lines = text.replace(/\r\n?/g, '\n')
  const newline = lines.indexOf('\n')
  const first = newline === -1 ? lines : lines.slice(0, newline)
  const rest = newline === -1 ? '' : lines.slice(newline + 1)
  const bar = first.indexOf('|')
  const output = (bar === -1 ? first : first.slice(0, bar)).trim()
  let perf = bar === -1 ? '' : first.slice(bar + 1)
  let long = rest
  const restBar = rest.indexOf('|')
  if (restBar !== -1) {
    long = rest.slice(0, restBar)
    perf += '\n' + rest.slice(restBar + 1)
  }
  long = long.trimEnd()
  const result: PluginOutput = { output, perfdata: parsePerfdata(perf) }
  if (long !== '') result.long_output = long
  return result
}
