import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { Report } from '../../shared/api/report-configurations'
import { useReportByName } from '../api'
import { reportPath, type ReportView } from '../links'
import { mayEditReport } from '../rights'

export interface ReportScreenProps {
  /** the screen's heading for the loaded report */
  heading(report: Report): string
  /** links to the report's other screens in the header */
  links: readonly ReportView[]
  children(report: Report): ReactNode
}

/**
 * A screen of one report addressed as SPEC §2 /reports/{hostgroupname}/{name}/…: loads it by name, says so when
 * there is none the person may see (report_not_found), and puts the heading and the links to its other screens on top.
 */
export function ReportScreen({ heading, links, children }: ReportScreenProps) {
  const { t } = useTranslation()
  const { hostgroupname = '', name = '' } = useParams()
  const report = useReportByName(hostgroupname, name)
  if (report.isError) return <p className="container-fluid py-3">{t('reports.unknownReport', { name, environment: hostgroupname })}</p>
  if (!report.data) return null
  const r = report.data
  const canEdit = mayEditReport(r)
  return (
    <section className="container-fluid py-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{heading(r)}</h1>
        <span className="ms-auto d-inline-flex gap-2">
          {links
            .filter((view) => view !== 'edit' || canEdit)
            .map((view) => (
              <Link key={view} className="btn btn-sm btn-outline-secondary" to={reportPath(r, view)}>
                {t(view === 'report' ? 'reports.report.back' : `reports.actions.${view}`)}
              </Link>
            ))}
        </span>
      </div>
      {children(r)}
    </section>
  )
}
