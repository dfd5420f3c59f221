import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { AUTO_REFRESH_S } from '../../shared/constants'
import { Timeline, useTimelineUrlState, type TimelineSource } from '../../ui'
import { fetchReportEvents } from '../api'
import { ReportScreen } from '../components/ReportScreen'

/** SPEC §2 …/configuration/timeline: the report's own events (type `report`: added, edited), refreshed every 60 s (SPEC §9 report timeline; report events come from no live topic of their own). */
export function ReportTimelinePage() {
  const { t } = useTranslation()
  return (
    <ReportScreen heading={(r) => t('reports.timeline.title', { title: r.title })} links={['report', 'configuration']}>
      {(r) => <ReportTimeline id={r.id} />}
    </ReportScreen>
  )
}

function ReportTimeline({ id }: { id: number }) {
  const { hostgroupname = '', name = '' } = useParams()
  const url = useTimelineUrlState(`/reports/${encodeURIComponent(hostgroupname)}/${encodeURIComponent(name)}/configuration/timeline`)
  const source = useMemo<TimelineSource>(
    () => ({ key: ['report', id], params: { report_id: id, types: 'report' }, fetchEvents: fetchReportEvents }),
    [id],
  )
  return <Timeline source={source} {...url} pollMs={AUTO_REFRESH_S.report_timeline * 1000} />
}
