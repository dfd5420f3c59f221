/**
 * Exchange database replication from a Checkmk agent's msexch plugin (SPEC §3 check option `exchange_replication`):
 * `<<<msexch_replhealth:sep(58)>>>` is `Test-ReplicationHealth | Format-List` and `<<<msexch_dag:sep(58)>>>`
 * `Get-MailboxDatabaseCopyStatus | Format-List`, records of `Key : Value` lines (the agent drops the blank lines
 * between them, so a record starts again where its first key comes back).
 */
import type { AgentOutput, AgentSection } from './checkmk-output'
import { perfItem, type PerfItem } from '../../../shared/perfdata'
import { worstState } from './common'
import type { ExitStatus } from './types'

/** Format-List records of a section; values may hold the separator (a time), so only the first one splits. */
function records(section: AgentSection | undefined): Map<string, string>[] {
  const out: Map<string, string>[] = []
  let first: string | null = null
  for (const line of section?.lines ?? []) {
    const at = line.indexOf(':')
    if (at <= 0) continue
    const key = line.slice(0, at).trim()
    if (first === null) first = key
    if (key === first || !out.length) out.push(new Map())
    out[out.length - 1].set(key, line.slice(at + 1).trim())
  }
  return out
}

/**
 * One replication check's verdict. Its Result is the Exchange server's language ("Passed", "Prüfung bestanden"), so a
 * check failed when it says FAILED or names an Error, and warns when it says WARNING; the rest passed.
 */
function replicationStatus(r: Map<string, string>): ExitStatus {
  const result = r.get('Result') ?? ''
  if (r.get('Error') || /fail/i.test(result)) return 2
  return /warn/i.test(result) ? 1 : 0
}

/** A database copy's Status: Mounted (active) and Healthy (passive) are fine, a copy catching up is a warning. */
const COPY_WARNING = new Set(['Initializing', 'Resynchronizing', 'SeedingSource', 'Seeding', 'SinglePageRestore', 'Disconnected'])
const copyStatus = (status: string): ExitStatus => (status === 'Mounted' || status === 'Healthy' ? 0 : COPY_WARNING.has(status) ? 1 : 2)

export interface ExchangeReplication {
  status: ExitStatus
  text: string
  perfdata: PerfItem[]
}

/** The replication checks and database copies the agent reports, judged; null when it reports neither. */
export function exchangeReplicationOf(output: AgentOutput): ExchangeReplication | null {
  const checks = records(output.get('msexch_replhealth')).filter((r) => r.has('Check'))
  const copies = records(output.get('msexch_dag')).filter((r) => r.has('Status'))
  if (!checks.length && !copies.length) return null
  const badChecks = checks.flatMap((r) => {
    const status = replicationStatus(r)
    return status ? [{ status, text: `${r.get('Check')} ${r.get('Result')}${r.get('Error') ? ` (${r.get('Error')})` : ''}` }] : []
  })
  const badCopies = copies.flatMap((r) => {
    const status = copyStatus(r.get('Status') ?? '')
    return status ? [{ status, text: `copy ${r.get('Name') ?? r.get('DatabaseName') ?? '?'} ${r.get('Status') || 'without status'}` }] : []
  })
  const bad = [...badChecks, ...badCopies]
  const queue = (key: string) => copies.reduce((sum, r) => sum + (Number(r.get(key)) || 0), 0)
  return {
    status: worstState(bad.map((b) => b.status)),
    text: bad.length
      ? `Exchange replication: ${bad.map((b) => b.text).join(', ')}`
      : `Exchange replication: ${checks.length} ${checks.length === 1 ? 'check' : 'checks'} passed, ${copies.length} database ${copies.length === 1 ? 'copy' : 'copies'} healthy`,
    perfdata: copies.length
      ? [
          perfItem('copy_queue', queue('CopyQueueLength'), '', { min: 0 }),
          perfItem('replay_queue', queue('ReplayQueueLength'), '', { min: 0 }),
        ]
      : [],
  }
}
