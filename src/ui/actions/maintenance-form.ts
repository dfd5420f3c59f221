/**
 * The maintenance form's rules (SPEC §2 "Maintenance form", §5 "Maintenance", §3 Maintenance payload):
 * - modes: next N minutes, a time range, or flexible (a window in which a maintenance of `duration` starts);
 * - a range is required, and a comment ("validation_failed"); next needs a positive whole number of
 *   minutes; flexible needs a duration, entered in minutes and sent in seconds;
 * - the range may not start before the current minute and defaults to now → +2 h;
 * - a host always schedules on the host (checkbox hidden and checked); a resource may apply it to its host.
 */
import { downtimeWindowProblem } from '../../shared/api/downtimes'
import { addMinutes, startOfMinute, toUnix } from '../date/date-time'
import {
  COMMENT_REQUIRED,
  isResource,
  result,
  targetFields,
  type ActionTarget,
  type FieldErrors,
  type FormResult,
  type MultiFlag,
} from './target'

export const MAINTENANCE_MODES = ['next', 'timerange', 'flexible'] as const
export type MaintenanceMode = (typeof MAINTENANCE_MODES)[number]

/** SPEC §5 "The default range is now to two hours ahead". */
export const DEFAULT_RANGE_MINUTES = 120

export interface MaintenanceDraft {
  mode: MaintenanceMode
  /** Minutes from now, as typed (next mode). */
  next: string
  /** Null while the typed text is not a date. */
  start: Date | null
  end: Date | null
  /** Minutes, as typed (flexible mode). */
  duration: string
  comment: string
  /** SPEC §7 set_to_host_checkbox: schedule on the resource's host (always true for a host). */
  setToHost: boolean
}

export type MaintenanceField = 'next' | 'start' | 'end' | 'duration' | 'comment'

/** SPEC §3 Maintenance payload. Times are unix seconds; `duration` is seconds. */
export interface MaintenancePayload extends ActionTarget, MultiFlag {
  start_time: number
  end_time: number
  comment: string
  is_flexible: boolean
  duration: number
  set_to_host_checkbox: boolean
}

export function defaultMaintenanceDraft(now: Date): MaintenanceDraft {
  const start = startOfMinute(now)
  return {
    mode: 'timerange',
    next: String(DEFAULT_RANGE_MINUTES),
    start,
    end: addMinutes(start, DEFAULT_RANGE_MINUTES),
    duration: '',
    comment: '',
    setToHost: false,
  }
}

export const NEXT_INVALID = 'ui.maintenance.errors.nextInvalid'
export const DURATION_REQUIRED = 'ui.maintenance.errors.durationRequired'
export const START_IN_PAST = 'ui.maintenance.errors.startInPast'
export const END_BEFORE_START = 'ui.maintenance.errors.endBeforeStart'
export const RANGE_REQUIRED = 'ui.maintenance.errors.rangeRequired'

/** A positive whole number of minutes, or null ("min 0" in SPEC §5; zero minutes is no maintenance). */
export function parseMinutes(text: string): number | null {
  const minutes = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN
  return Number.isSafeInteger(minutes) && minutes > 0 ? minutes : null
}

/** The range the draft means at `now`: next N minutes from now, or the picked range; null when incomplete. */
export function maintenanceRange(draft: MaintenanceDraft, now: Date): { start: Date; end: Date } | null {
  if (draft.mode !== 'next') return draft.start && draft.end ? { start: draft.start, end: draft.end } : null
  const minutes = parseMinutes(draft.next)
  return minutes === null ? null : { start: now, end: addMinutes(now, minutes) }
}

/** Whether the set_to_host checkbox is shown: only when every target is a resource (SPEC §2). */
export function showsSetToHost(targets: readonly ActionTarget[]): boolean {
  return targets.length > 0 && targets.every(isResource)
}

/** The server's check of the window (shared/api/downtimes.ts), as the form's fields and messages. */
const WINDOW_ERRORS: Record<string, [MaintenanceField, string]> = {
  start_time: ['start', START_IN_PAST],
  end_time: ['end', END_BEFORE_START],
  duration: ['duration', DURATION_REQUIRED],
}

export function validateMaintenance(
  draft: MaintenanceDraft,
  targets: readonly ActionTarget[],
  now: Date,
): FormResult<MaintenancePayload, MaintenanceField> {
  const errors: FieldErrors<MaintenanceField> = {}
  const range = maintenanceRange(draft, now)
  if (draft.mode === 'next' && range === null) errors.next = NEXT_INVALID
  if (draft.mode !== 'next' && !draft.start) errors.start = RANGE_REQUIRED
  if (draft.mode !== 'next' && !draft.end) errors.end = RANGE_REQUIRED
  const minutes = parseMinutes(draft.duration)
  const isFlexible = draft.mode === 'flexible'
  if (isFlexible && minutes === null) errors.duration = DURATION_REQUIRED
  const window = range && { start_time: toUnix(range.start), end_time: toUnix(range.end), is_flexible: isFlexible }
  const duration = window && (isFlexible ? (minutes ?? 0) * 60 : window.end_time - window.start_time)
  const problem = window && downtimeWindowProblem({ ...window, duration }, toUnix(now))
  if (problem && WINDOW_ERRORS[problem.field]) {
    const [field, message] = WINDOW_ERRORS[problem.field]
    errors[field] = message
  }
  const comment = draft.comment.trim()
  if (comment === '') errors.comment = COMMENT_REQUIRED

  return result(errors, () => {
    const payloads = targets.map((target) => {
      const toHost = !isResource(target) || draft.setToHost
      return { ...targetFields(target), ...window!, comment, duration: duration!, set_to_host_checkbox: toHost }
    })
    // Several resources of one host applied to the host are one maintenance of that host.
    return payloads.filter(
      (p, i) => !p.set_to_host_checkbox || payloads.findIndex((q) => q.set_to_host_checkbox && q.host_id === p.host_id) === i,
    )
  })
}
