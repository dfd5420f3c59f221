/**
 * Prometheus' naming rules (data model: metric names `[a-zA-Z_:][a-zA-Z0-9_:]*`, label names
 * `[a-zA-Z_][a-zA-Z0-9_]*` with `__` reserved) for what Vigil sends (remote write) and shows (scrape endpoint).
 * Perfdata labels are free text ("/ used", "Memory Used", "rta"), so they are made into names here, once.
 */

export type Labels = Record<string, string>

/** Any run of characters a name may not hold becomes one `_`; a leading digit gets `_` before it. */
function sanitize(text: string, allowed: RegExp): string {
  const name = text.replace(allowed, '_')
  return /^[0-9]/.test(name) ? `_${name}` : name || '_'
}

/** A metric name; `:` is left to recording rules (Prometheus' convention), so Vigil never writes it. */
export const metricName = (text: string) => sanitize(text, /[^a-zA-Z0-9_]+/g)

/** A label name; `__` starts only Prometheus' own labels, so a leading run of underscores becomes one. */
export const labelName = (text: string) => sanitize(text, /[^a-zA-Z0-9_]+/g).replace(/^_{2,}/, '_')

/** Base-unit suffixes of Prometheus' naming practice for the normalised perfdata units (shared/perfdata.ts). */
const UNIT_SUFFIX: Readonly<Record<string, string>> = { s: 'seconds', B: 'bytes', '%': 'percent', c: 'total' }

/** `vigil_perfdata_<label>_<unit>`: `rta` in seconds is `vigil_perfdata_rta_seconds`, a plain number has no suffix. */
export function perfdataMetricName(label: string, unit: string): string {
  const suffix = unit === '' ? '' : (UNIT_SUFFIX[unit] ?? metricName(unit))
  const part = metricName(label).replace(/^_+|_+$/g, '')
  const base = part ? `vigil_perfdata_${part}` : 'vigil_perfdata'
  return suffix && !base.endsWith(`_${suffix}`) ? `${base}_${suffix}` : base
}

/**
 * A series' labels as remote write 1.0 wants them: `__name__` first, then sorted by name, no empty value (Prometheus
 * treats an empty label as an absent one), names sanitized.
 */
export function labelPairs(name: string, labels: Labels): { name: string; value: string }[] {
  const pairs = Object.entries(labels)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => ({ name: labelName(key), value }))
  pairs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return [{ name: '__name__', value: name }, ...pairs]
}
