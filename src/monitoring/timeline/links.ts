/** Where a timeline event's subject lives (SPEC §2 host and resource timeline tabs). */
import type { TimelineEvent } from '../../shared/api/events'

const enc = encodeURIComponent

export function hostPath(host: string, tab: string) {
  return `/monitoring/hosts/${enc(host)}/${tab}`
}

export function resourcePath(host: string, resource: string, tab: string) {
  return `/monitoring/hosts/${enc(host)}/${enc(resource)}/${tab}`
}

/** The subject's timeline tab, as a hash link; none for events that are not about a host or resource. */
export function subjectTimelineHref(e: TimelineEvent): string | undefined {
  if (!e.host_name) return undefined
  return `#${e.resource_id !== null ? resourcePath(e.host_name, e.subject_name, 'timeline') : hostPath(e.host_name, 'timeline')}`
}
