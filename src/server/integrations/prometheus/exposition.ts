/**
 * Prometheus' text exposition format 0.0.4 (what `GET /api/v1/metrics` answers): `# HELP`, `# TYPE`, then one
 * line per series, `name{label="value",…} value`. Label values are free text: backslash, double quote and line
 * break are escaped, so a host named `a"b` cannot end its label early.
 */
import { labelName, type Labels } from './names'

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

export interface MetricFamily {
  name: string
  help: string
  type: 'gauge' | 'counter'
  samples: { labels: Labels; value: number }[]
}

const escapeValue = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
const escapeHelp = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels).filter(([, v]) => v !== '')
  return pairs.length ? `{${pairs.map(([k, v]) => `${labelName(k)}="${escapeValue(v)}"`).join(',')}}` : ''
}

export function exposition(families: MetricFamily[]): string {
  const lines: string[] = []
  for (const f of families) {
    lines.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`)
    for (const s of f.samples) lines.push(`${f.name}${labelText(s.labels)} ${s.value}`)
  }
  return lines.join('\n') + '\n'
}
