/**
 * One SPEC §3 content item of a report over its subjects: uptime summary (share of the window up or OK, with
 * the SPEC §9 trend in difference mode), state summary (time in each state), stability summary (state changes,
 * trend in relative mode), graphs, standby summary and risk summary (their own components).
 */
import { useTranslation } from 'react-i18next'
import type { ReportContentName, ReportRange, SubjectFigures } from '../../shared/api/report-configurations'
import { formatDuration, percentOf } from '../figures'
import { TrendArrow } from './TrendArrow'
import { SubjectCell } from './SubjectCell'
import { NumberCell, NumberHeader } from './NumberCells'
import { StandbySummary } from './StandbySummary'
import { RiskSummary } from './RiskSummary'
import { ReportGraphs } from './ReportGraphs'

const HOST_STATES = ['up', 'down', 'unreachable'] as const
const RESOURCE_STATES = ['ok', 'warning', 'critical', 'unknown'] as const
const ALWAYS = ['scheduled_downtime', 'undetermined'] as const

export interface ContentItemProps {
  content: ReportContentName
  subjects: readonly SubjectFigures[]
  reportId: number
  range: ReportRange
}

/** The element id of a content item's heading (the index page's entries point at it). */
export const contentHeadingId = (content: ReportContentName) => `report-content-${content}`

export function ContentItem({ content, subjects, reportId, range }: ContentItemProps) {
  const { t } = useTranslation()
  const kind = subjects[0]?.kind ?? 'host'
  const states = [...(kind === 'host' ? HOST_STATES : RESOURCE_STATES), ...ALWAYS]
  let body
  if (content === 'uptime-summary' || content === 'state-summary') {
    const shown = content === 'uptime-summary' ? states.filter((s) => s !== 'unknown') : states
    body = (
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th scope="col">{t('reports.report.subject')}</th>
            {shown.map((s) => (
              <NumberHeader key={s}>{t(`reports.states.${s}`)}</NumberHeader>
            ))}
            {content === 'uptime-summary' && <th scope="col">{t('reports.report.trend')}</th>}
          </tr>
        </thead>
        <tbody>
          {subjects.map((s) => (
            <tr key={`${s.kind}-${s.id}`}>
              <SubjectCell subject={s} />
              {shown.map((state) => (
                <NumberCell key={state}>
                  {content === 'uptime-summary'
                    ? percentOf(s.current.seconds[state] ?? 0, s.current.total)
                    : formatDuration(s.current.seconds[state] ?? 0)}
                </NumberCell>
              ))}
              {content === 'uptime-summary' && (
                <td>
                  <TrendArrow trend={s.uptime_trend} upIsGood />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    )
  } else if (content === 'stability-summary') {
    body = (
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th scope="col">{t('reports.report.subject')}</th>
            <NumberHeader>{t('reports.report.changes')}</NumberHeader>
            <NumberHeader>{t('reports.report.previousChanges')}</NumberHeader>
            <th scope="col">{t('reports.report.trend')}</th>
          </tr>
        </thead>
        <tbody>
          {subjects.map((s) => (
            <tr key={`${s.kind}-${s.id}`}>
              <SubjectCell subject={s} />
              <NumberCell>{s.current.changes}</NumberCell>
              <NumberCell>{s.previous.changes}</NumberCell>
              <td>
                <TrendArrow trend={s.stability_trend} upIsGood={false} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    )
  } else if (content === 'standby-summary') {
    body = <StandbySummary subjects={subjects} />
  } else if (content === 'risk-summary') {
    body = <RiskSummary subjects={subjects} />
  } else {
    body = <ReportGraphs reportId={reportId} range={range} />
  }
  return (
    <section className="card mb-3" aria-labelledby={contentHeadingId(content)}>
      <div className="card-header">
        <h2 className="h6 mb-0" id={contentHeadingId(content)} tabIndex={-1}>
          {t(`reports.content.${content}`)}
        </h2>
      </div>
      <div className="card-body table-responsive">{body}</div>
    </section>
  )
}
