/**
 * SPEC §3 risk-summary (vulnerability scan results) of a report's hosts: each host's risks (store/risks.ts,
 * imported by store/risk-scans.ts) by SPEC §3 severity, as known at the period's end, and how many of them were
 * first detected within the period. The caller has the report, so its environment is in scope; the risks are read
 * from that environment only.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { severityName } from '../../shared/api/risks'
import { noCounts } from './risks'
import type { RiskFigures } from '../../shared/api/report-configurations'

export async function risksOfHosts(
  db: Kysely<Database>,
  environmentId: number,
  hostIds: readonly number[],
  span: { from: number; to: number },
): Promise<(hostId: number) => RiskFigures> {
  const rows = hostIds.length
    ? await db
        .selectFrom('risks')
        .select((eb) => [
          'host_id',
          'severity',
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>(eb.case().when('first_detected', '>=', span.from).then(1).else(0).end()).as('new_in_period'),
        ])
        .where('hostgroup_id', '=', environmentId)
        .where('host_id', 'in', hostIds)
        .where('first_detected', '<', span.to)
        .groupBy(['host_id', 'severity'])
        .execute()
    : []
  return (hostId) => {
    const figures: RiskFigures = { counts: noCounts(), total: 0, new_in_period: 0 }
    for (const r of rows.filter((r) => r.host_id === hostId)) {
      figures.counts[severityName(r.severity)] += Number(r.n)
      figures.total += Number(r.n)
      figures.new_in_period += Number(r.new_in_period)
    }
    return figures
  }
}
