/**
 * Turns the results the engine committed into remote-write samples (issue 20): each numeric perfdata item is a
 * sample of `vigil_perfdata_<label>_<unit>` labelled with its organization, environment, host and resource (none
 * for a host's own check), at the result's time. Organization and environment names are read once and again a
 * minute later or when an unknown environment shows up, so a rename reaches Prometheus without a restart.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../store/db'
import { environmentNames } from '../../store/metrics'
import type { PerfItem } from '../../../shared/perfdata'
import { perfdataMetricName } from './names'
import type { Sample } from './remote-write'
import type { RemoteWriter } from './remote-writer'

/** What the engine hands over per committed result (engine/ingest.ts ResultItem, by shape). */
export interface CommittedResult {
  target: { type: 'host' | 'resource'; hostgroupId: number; hostName: string; name: string }
  result: { perfdata: PerfItem[] }
  /** unix seconds */
  at: number
}

const NAMES_TTL_MS = 60_000

export function perfdataExport(db: Kysely<Database>, writer: Pick<RemoteWriter, 'push'>, onError: (err: unknown) => void) {
  let names = new Map<number, { organization: string; environment: string }>()
  let readAt = 0
  // One batch after the other: samples reach the writer in the order the engine wrote them.
  let chain: Promise<void> = Promise.resolve()

  async function namesFor(ids: number[]) {
    if (Date.now() - readAt > NAMES_TTL_MS || ids.some((id) => !names.has(id))) {
      names = new Map((await environmentNames(db)).map((r) => [r.id, r]))
      readAt = Date.now()
    }
    return names
  }

  async function exportBatch(items: readonly CommittedResult[]) {
    const withData = items.filter((i) => i.result.perfdata.some((p) => p.value !== null))
    if (!withData.length) return
    const known = await namesFor([...new Set(withData.map((i) => i.target.hostgroupId))])
    const samples: Sample[] = []
    for (const { target, result, at } of withData) {
      const where = known.get(target.hostgroupId)
      // An environment deleted since the check ran: nothing to label its data with.
      if (!where) continue
      const labels = {
        organization: where.organization,
        environment: where.environment,
        host: target.hostName,
        resource: target.type === 'resource' ? target.name : '',
      }
      for (const p of result.perfdata)
        if (p.value !== null && Number.isFinite(p.value))
          samples.push({ name: perfdataMetricName(p.label, p.unit), labels, value: p.value, timestampMs: at * 1000 })
    }
    writer.push(samples)
  }

  return {
    /** EngineOptions.onCommitted: returns at once, the samples follow. */
    onCommitted(items: readonly CommittedResult[]) {
      chain = chain.then(() => exportBatch(items)).catch(onError)
    },
    /** Resolves once every batch handed over so far is in the writer's queue (before the writer stops). */
    settled: () => chain,
  }
}
