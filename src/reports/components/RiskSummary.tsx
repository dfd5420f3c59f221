import { useTranslation } from 'react-i18next'
import { RISK_SEVERITIES } from '../../shared/api/risks'
import type { RiskFigures, SubjectFigures } from '../../shared/api/report-configurations'
import { SubjectCell } from './SubjectCell'
import { NumberCell, NumberHeader } from './NumberCells'

/** The columns: each SPEC §3 severity worst first (as the risks screens sort, SPEC §4 RISK), the total, the new ones. */
const COLUMNS: { text: string; of(r: RiskFigures): number }[] = [
  ...[...RISK_SEVERITIES]
    .reverse()
    .map((sev) => ({ text: `reports.report.risks.severities.${sev}`, of: (r: RiskFigures) => r.counts[sev] })),
  { text: 'reports.report.risks.total', of: (r) => r.total },
  { text: 'reports.report.risks.newInPeriod', of: (r) => r.new_in_period },
]

/**
 * SPEC §3 risk-summary (vulnerability scan results): each host's risks by SPEC §3 severity as known at the
 * period's end, how many were first detected in the period, and the report's totals.
 */
export function RiskSummary({ subjects }: { subjects: readonly SubjectFigures[] }) {
  const { t } = useTranslation()
  const rows = subjects.flatMap((s) => (s.risks ? [{ subject: s, risks: s.risks }] : []))
  return (
    <table className="table table-sm align-middle">
      <thead>
        <tr>
          <th scope="col">{t('reports.report.host')}</th>
          {COLUMNS.map((c) => (
            <NumberHeader key={c.text}>{t(c.text)}</NumberHeader>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ subject, risks }) => (
          <tr key={subject.id}>
            <SubjectCell subject={subject} />
            {COLUMNS.map((c) => (
              <NumberCell key={c.text}>{c.of(risks)}</NumberCell>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('reports.report.risks.total')}</th>
          {COLUMNS.map((c) => (
            <NumberCell key={c.text}>{rows.reduce((n, r) => n + c.of(r.risks), 0)}</NumberCell>
          ))}
        </tr>
      </tfoot>
    </table>
  )
}
