import { useTranslation } from 'react-i18next'
import type { ReportRange } from '../../shared/api/report-configurations'
import { SeriesChart } from '../../ui'
import { useReportGraphs } from '../api'

/**
 * SPEC §3 resource-performance-breakdown ("Graphs"): the performance data of the report's hosts (their own
 * check and resources) or resources over the report's period, one chart per unit of each, drawn as the graphs
 * tabs draw them.
 */
export function ReportGraphs({ reportId, range }: { reportId: number; range: ReportRange }) {
  const { t } = useTranslation()
  const graphs = useReportGraphs(reportId, range)
  const g = graphs.data
  if (!g) return <p className="text-body-secondary mb-0">{t('monitoring.graphs.loading')}</p>
  if (g.graphs.length === 0) return <p className="text-body-secondary mb-0">{t('reports.report.graphs.none')}</p>
  return (
    <>
      {g.limited && (
        <div className="alert alert-info py-2">
          {t('reports.report.graphs.limited', { count: g.graphs.flatMap((x) => x.series).length })}
        </div>
      )}
      {g.graphs.map((graph) => {
        const keys = graph.series.map((s) => s.key).join(', ')
        const subject = `${graph.host_name} / ${graph.resource_name ?? t('reports.report.graphs.hostCheck')}`
        return (
          <SeriesChart
            key={`${graph.kind}-${graph.id}-${graph.unit}`}
            caption={t('reports.report.graphs.caption', { subject, keys: graph.unit ? `${keys} (${graph.unit})` : keys })}
            series={graph.series}
            unit={graph.unit}
            start={g.from}
            end={g.to}
            step={graph.step}
          />
        )
      })}
    </>
  )
}
