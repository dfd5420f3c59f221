import { useTranslation } from 'react-i18next'
import type { TimelineEvent } from '../../shared/api/events'
import { TIMELINE_EVENTS_LIMIT } from '../../shared/constants'
import { ChipList } from '../ChipList'
import { TimelinePanel } from './TimelinePanel'
import { TIMELINE_FILTERS, TIMELINE_RANGE_S } from './timeline-model'
import { useTimeline, type TimelineSource } from './use-timeline'

export interface TimelineProps {
  source: TimelineSource
  /** 1-based page of the past panel (SPEC §2 /page={page}). */
  page: number
  onPageChange(page: number): void
  /** Quick filters switched off (SPEC §4: all on by default, flapping and soft_state among them). */
  hidden: readonly string[]
  onHiddenChange(hidden: string[]): void
  /** SPEC §9 auto-refresh milliseconds while the feed is down, false while it is live (usePollingWhileOffline). */
  pollMs: number | false
  /** SPEC §9 "Timeline events limit 1000 per page". */
  pageSize?: number
  subjectHref?(event: TimelineEvent): string | undefined
  /** Milliseconds now; injectable for tests. */
  now?(): number
}

const systemNow = () => Date.now()

/**
 * SPEC §2 "Timeline view", reused by the global, host, resource, map, report and admin timelines:
 * quick filters, the "upcoming events" and "past events" panels, and auto-refresh on page 1.
 */
export function Timeline({
  source,
  page,
  onPageChange,
  hidden,
  onHiddenChange,
  pollMs,
  pageSize = TIMELINE_EVENTS_LIMIT,
  subjectHref,
  now = systemNow,
}: TimelineProps) {
  const { t } = useTranslation()
  const data = useTimeline({ source, page, pageSize, hidden, pollMs, now })
  const toggle = (key: string) => onHiddenChange(hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key])
  return (
    <div>
      <div className="mb-3">
        <ChipList
          label={t('monitoring.timeline.filters.label')}
          chips={TIMELINE_FILTERS.map((key) => ({ key, label: t(`monitoring.timeline.filters.${key}`), active: !hidden.includes(key) }))}
          onToggle={toggle}
        />
      </div>
      {data.stopped && (
        <div className="alert alert-warning d-flex align-items-center gap-2 py-2" role="status">
          {t('monitoring.timeline.refreshStopped')}
          <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" onClick={data.resume}>
            {t('monitoring.timeline.resume')}
          </button>
        </div>
      )}
      <TimelinePanel
        title={t('monitoring.timeline.upcoming')}
        events={data.upcoming.events}
        now={data.clock}
        range={{ from: data.anchor, to: data.anchor + TIMELINE_RANGE_S }}
        isLoading={data.upcoming.isLoading}
        isError={data.upcoming.isError}
        subjectHref={subjectHref}
        upcoming
      />
      <TimelinePanel
        title={t('monitoring.timeline.past')}
        events={data.past.events}
        now={data.clock}
        range={{ from: data.anchor - TIMELINE_RANGE_S, to: data.anchor }}
        isLoading={data.past.isLoading}
        isError={data.past.isError}
        paging={{ page, count: data.past.count, pageSize, onPageChange }}
        limited={data.past.limited}
        subjectHref={subjectHref}
      />
    </div>
  )
}
