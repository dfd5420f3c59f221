import { useTranslation } from 'react-i18next'
import type { PeriodFigures, SubjectFigures } from '../../shared/api/report-configurations'
import { formatDuration, percentOf } from '../figures'
import { TrendArrow } from './TrendArrow'
import { SubjectCell } from './SubjectCell'
import { NumberCell, NumberHeader } from './NumberCells'

/** Seconds in a problem state: neither UP/OK, nor undetermined, nor scheduled downtime (SPEC §4). */
const problemSeconds = (f: PeriodFigures) =>
  Object.entries(f.seconds)
    .filter(([state]) => !['up', 'ok', 'undetermined', 'scheduled_downtime'].includes(state))
    .reduce((sum, [, s]) => sum + s, 0)

/**
 * SPEC §3 standby-summary: each subject over the standby hours (outside service hours): whether its host is on
 * standby (SPEC §3 host option), the problems that began then against the period before (SPEC §9 relative trend),
 * the time spent in a problem state and the share up or OK.
 */
export function StandbySummary({ subjects }: { subjects: readonly SubjectFigures[] }) {
  const { t } = useTranslation()
  return (
    <>
      <p className="small text-body-secondary">{t('reports.report.standby.hours')}</p>
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th scope="col">{t('reports.report.subject')}</th>
            <th scope="col">{t('reports.report.standby.onStandby')}</th>
            <NumberHeader>{t('reports.report.standby.problems')}</NumberHeader>
            <NumberHeader>{t('reports.report.standby.previousProblems')}</NumberHeader>
            <th scope="col">{t('reports.report.trend')}</th>
            <NumberHeader>{t('reports.report.standby.problemTime')}</NumberHeader>
            <NumberHeader>{t('reports.report.standby.uptime')}</NumberHeader>
          </tr>
        </thead>
        <tbody>
          {subjects.map((s) =>
            s.standby ? (
              <tr key={`${s.kind}-${s.id}`}>
                <SubjectCell subject={s} />
                <td>{t(s.standby.on_standby ? 'reports.report.standby.yes' : 'reports.report.standby.no')}</td>
                <NumberCell>{s.standby.current.problems}</NumberCell>
                <NumberCell>{s.standby.previous.problems}</NumberCell>
                <td>
                  <TrendArrow trend={s.standby.problems_trend} upIsGood={false} />
                </td>
                <NumberCell>{formatDuration(problemSeconds(s.standby.current))}</NumberCell>
                <NumberCell>
                  {percentOf((s.standby.current.seconds.up ?? 0) + (s.standby.current.seconds.ok ?? 0), s.standby.current.total)}
                </NumberCell>
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
    </>
  )
}
