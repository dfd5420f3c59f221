import { useTranslation } from 'react-i18next'
import type { ReportContentName } from '../../shared/api/report-configurations'
import { contentHeadingId } from './ContentItem'

/**
 * SPEC §3 option "include index page": the report's sections in the order shown, numbered; an entry moves to its
 * section (a button, since the address's fragment is the route).
 */
export function ReportIndex({ content }: { content: readonly ReportContentName[] }) {
  const { t } = useTranslation()
  const jump = (c: ReportContentName) => {
    const heading = document.getElementById(contentHeadingId(c))
    heading?.scrollIntoView({ block: 'start' })
    heading?.focus()
  }
  return (
    <nav className="card mb-3" aria-labelledby="report-index">
      <div className="card-header">
        <h2 className="h6 mb-0" id="report-index">
          {t('reports.report.index')}
        </h2>
      </div>
      <ol className="card-body mb-0 ps-5">
        {content.map((c) => (
          <li key={c}>
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => jump(c)}>
              {t(`reports.content.${c}`)}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}
