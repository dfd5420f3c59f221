import { Fragment, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { EVENTS_COUNT_CAP, type TimelineEvent } from '../../shared/api/events'
import { TimelineEventItem } from './TimelineEventItem'
import { groupByDay, pastPagination, spanOf } from './timeline-model'
import { useWhen } from './use-when'

export interface TimelinePanelProps {
  title: string
  events: readonly TimelineEvent[]
  /** Unix seconds now. */
  now: number
  /** The range the panel shows when it has no events (e.g. now → one year ahead). */
  range: { from: number; to: number }
  isLoading: boolean
  isError: boolean
  /** The past panel's paging: the page, how many events the page query returned, the page size. */
  paging?: { page: number; count: number; pageSize: number; onPageChange(page: number): void }
  subjectHref?(event: TimelineEvent): string | undefined
  /** The upcoming panel (its times lie ahead); the past panel's never read as ahead (clock skew). */
  upcoming?: boolean
  /** SPEC §8 "timeline limited": the server stopped counting; the panel says so. */
  limited?: boolean
}

/**
 * One panel of SPEC §2 "Timeline view": a count badge (0 when empty, with a no-events message), the
 * relative and absolute date range of its events, day-label separators, and for the past panel
 * pagination (first, previous, current, next) when the page is above 1 or full.
 */
export function TimelinePanel(props: TimelinePanelProps) {
  const { title, events, now, range, isLoading, isError, paging, subjectHref, upcoming = false, limited = false } = props
  const { t, i18n } = useTranslation()
  const when = useWhen()
  const titleId = useId()
  const span = spanOf(events)
  const [from, to] = span ? [span.oldest, span.newest] : [range.from, range.to]
  const pages = paging ? pastPagination(paging.page, paging.count, paging.pageSize) : null
  return (
    <section className="card mb-3" aria-labelledby={titleId}>
      <header className="card-header d-flex flex-wrap align-items-baseline gap-2">
        <h2 id={titleId} className="h6 mb-0">
          {title}
        </h2>
        <span className="badge rounded-pill text-bg-secondary" aria-label={t('monitoring.timeline.count', { count: events.length })}>
          {events.length}
        </span>
        <span className="small text-body-secondary ms-auto">
          {t('monitoring.timeline.range', { from: when.relative(from, now, !upcoming), to: when.relative(to, now, !upcoming) })}
        </span>
        <span className="small text-body-secondary">
          {t('monitoring.timeline.range', { from: when.absolute(from), to: when.absolute(to) })}
        </span>
      </header>
      {limited && (
        <p className="alert alert-info rounded-0 mb-0 py-2 small" role="status">
          {t('monitoring.timeline.limited', { cap: EVENTS_COUNT_CAP.toLocaleString(i18n.language) })}
        </p>
      )}
      {isLoading ? (
        <p className="card-body mb-0 text-body-secondary">{t('monitoring.timeline.loading')}</p>
      ) : isError ? (
        <p className="card-body mb-0 text-danger">{t('monitoring.timeline.failed')}</p>
      ) : events.length === 0 ? (
        <p className="card-body mb-0 text-body-secondary">{t('monitoring.timeline.empty')}</p>
      ) : (
        <ol className="list-group list-group-flush">
          {groupByDay(events).map((group) => (
            <Fragment key={group.day}>
              <li className="list-group-item list-group-item-secondary py-1">
                <h3 className="h6 mb-0 small fw-semibold">{when.dayLabel(group.day, now)}</h3>
              </li>
              {group.events.map((e) => (
                <TimelineEventItem key={e.id} event={e} now={now} subjectHref={subjectHref} upcoming={upcoming} />
              ))}
            </Fragment>
          ))}
        </ol>
      )}
      {paging && pages?.visible && (
        <nav className="card-footer" aria-label={t('monitoring.timeline.pagination.label')}>
          <ul className="pagination pagination-sm mb-0">
            <PageButton
              label={t('monitoring.timeline.pagination.first')}
              text="«"
              enabled={pages.first}
              onClick={() => paging.onPageChange(1)}
            />
            <PageButton
              label={t('monitoring.timeline.pagination.previous')}
              text="‹"
              enabled={pages.previous}
              onClick={() => paging.onPageChange(paging.page - 1)}
            />
            <li className="page-item active">
              <span
                className="page-link"
                aria-current="page"
                aria-label={t('monitoring.timeline.pagination.current', { page: paging.page })}
              >
                {paging.page}
              </span>
            </li>
            <PageButton
              label={t('monitoring.timeline.pagination.next')}
              text="›"
              enabled={pages.next}
              onClick={() => paging.onPageChange(paging.page + 1)}
            />
          </ul>
        </nav>
      )}
    </section>
  )
}

function PageButton({ label, text, enabled, onClick }: { label: string; text: string; enabled: boolean; onClick(): void }) {
  return (
    <li className={`page-item${enabled ? '' : ' disabled'}`}>
      <button type="button" className="page-link" aria-label={label} disabled={!enabled} onClick={onClick}>
        {text}
      </button>
    </li>
  )
}
