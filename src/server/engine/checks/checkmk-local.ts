/**
 * Checkmk local checks (Checkmk's documentation, "Local checks"): scripts on the host print one service a line in the
 * agent's `<<<local>>>` section, `state name metrics detail`. The state is 0–3, or P to take it from the metrics'
 * levels; a name in double quotes may hold spaces; metrics are `-` or `name=value;warn;crit;min;max` joined by `|`,
 * read as Nagios perfdata (a level `lower:upper` alerts outside the range, as in Checkmk).
 */
import { parsePerfdata, type PerfItem } from '../../../shared/perfdata'
import { evaluate } from '../../../shared/thresholds'
import type { AgentOutput } from './checkmk-output'
import { worstState } from './common'
import type { ExitStatus } from './types'

export interface LocalCheck {
  name: string
  status: ExitStatus
  detail: string
  perfdata: PerfItem[]
}

const LINE = /^\s*([0-3P])\s+(?:"([^"]+)"|(\S+))\s+(\S+)\s*(.*)$/

export function localChecksOf(output: AgentOutput): LocalCheck[] {
  return (output.get('local')?.lines ?? []).flatMap((line) => {
    // Cached local checks (run by the agent every few minutes) carry their cache info first.
    const m = LINE.exec(line.replace(/^cached\(\d+,\d+\)\s+/, ''))
    if (!m) return []
    const [, state, quoted, bare, metrics, detail] = m
    const perfdata = metrics === '-' ? [] : parsePerfdata(metrics.replace(/\|/g, ' '))
    const status =
      state === 'P'
        ? worstState(perfdata.map((p) => (p.value === null ? 0 : evaluate(p.value, p.warn, p.crit))))
        : (Number(state) as ExitStatus)
    const name = quoted ?? bare
    return [
      { name, status, detail: detail.replace(/\\n/g, ' ').trim(), perfdata: perfdata.map((p) => ({ ...p, label: `${name} ${p.label}` })) },
    ]
  })
}
