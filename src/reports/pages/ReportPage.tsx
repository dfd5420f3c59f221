import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router'
import {
  REPORT_CONTENT,
  REPORT_CONTENT_PRESETS,
  REPORT_PRESETS,
  ReportRange,
  type Report,
  type ReportContentName,
} from '../../shared/api/report-configurations'
import { formatDateTime } from '../../ui'
import { useReportFigures } from '../api'
import { ContentItem } from '../components/ContentItem'
import { ReportIndex } from '../components/ReportIndex'
import { ReportScreen } from '../components/ReportScreen'

const when = (unix: number) => formatDateTime(new Date(unix * 1000))

/**
 * SPEC §2 /reports/{hostgroupname}/{name}: the report's content items in catalogue order over this or the last
 * period (SPEC §9 report presets) or a calendar period (SPEC §9 report-content presets: yesterday, last week,
 * month, quarter, year), `?range=` in the route, each with the SPEC §9 trend arrows against the period before;
 * first the index of them when the report includes one (SPEC §3 option).
 */
export function ReportPage() {
  return (
    <ReportScreen heading={(r) => r.title} links={['configuration', 'timeline']}>
      {(r) => <ReportBody report={r} />}
    </ReportScreen>
  )
}

/** A SPEC §2 sub-view address (…/stability-summary) shows that item alone; `graphs` is the performance breakdown. */
export function ReportSubViewPage() {
  const tail = useLocation().pathname.split('/').at(-1) ?? ''
  const only = (tail === 'graphs' ? 'resource-performance-breakdown' : tail) as ReportContentName
  return (
    <ReportScreen heading={(r) => r.title} links={['report', 'configuration', 'timeline']}>
      {(r) => <ReportBody report={r} only={only} />}
    </ReportScreen>
  )
}

function ReportBody({ report, only }: { report: Report; only?: ReportContentName }) {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const range = ReportRange.catch('this').parse(search.get('range'))
  const figures = useReportFigures(report.id, range)
  const content = [...report.content]
    .filter((c) => only === undefined || c === only)
    .sort((a, b) => REPORT_CONTENT[a].order - REPORT_CONTENT[b].order)
  const f = figures.data
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        {(
          [
            ['reports.report.range', REPORT_PRESETS],
            ['reports.report.contentRange', REPORT_CONTENT_PRESETS],
          ] as const
        ).map(([label, presets]) => (
          <div key={label} className="btn-group btn-group-sm" role="group" aria-label={t(label)}>
            {presets.map((r) => (
              <button
                key={r}
                type="button"
                className={`btn ${r === range ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={r === range}
                onClick={() => setSearch({ range: r })}
              >
                {t(`reports.report.ranges.${r}`)}
              </button>
            ))}
          </div>
        ))}
        {f && (
          <span className="small text-body-secondary">
            {t('reports.report.span', { from: when(f.from), to: when(f.to) })}{' '}
            {t('reports.report.comparedWith', { from: when(f.previous_from), to: when(f.previous_to) })}
          </span>
        )}
      </div>
      {f?.limited && <div className="alert alert-info py-2">{t('reports.report.limited', { count: f.subjects.length })}</div>}
      {f && f.subjects.length === 0 && <p>{t('reports.report.noSubjects')}</p>}
      {f && f.subjects.length > 0 && (
        <>
          {only === undefined && report.options.include_index_page && <ReportIndex content={content} />}
          {content.map((c) => (
            <ContentItem key={c} content={c} subjects={f.subjects} reportId={report.id} range={range} />
          ))}
        </>
      )}
    </>
  )
}
