/** The reusable timeline view (SPEC §2 "Timeline view"): global, host, resource, map, report and admin timelines. */
export { Timeline, type TimelineProps } from './Timeline'
export type { TimelineSource } from './use-timeline'
export { TimelinePanel, type TimelinePanelProps } from './TimelinePanel'
export { useTimelineUrlState } from './use-timeline-url-state'
export { TIMELINE_FILTERS, type TimelineFilter } from './timeline-model'
