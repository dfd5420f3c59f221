/**
 * SPEC §3 Maintenance payload, §5 Maintenance validation, §7 Maintenance: POST/GET/DELETE
 * resources/{resource_id}/downtimes and hosts/{host_id}/downtimes (the client uses the host path when
 * set_to_host_checkbox is set). Times are unix seconds, duration is seconds (entered in minutes).
 */
import { z } from 'zod'
import { ActionComment, ObjectFields } from './acknowledgements'

/** Unix seconds; the year 9999 bounds what a client can send. */
const UnixTime = z.number().int().min(0).max(253402300799)

export const DowntimeFields = z.object({
  start_time: UnixTime,
  end_time: UnixTime,
  comment: ActionComment,
  is_flexible: z.boolean().default(false),
  /** seconds a flexible maintenance lasts once triggered; required > 0 when flexible (SPEC §5) */
  duration: z
    .number()
    .int()
    .min(0)
    .max(10 * 366 * 86400)
    .nullish(),
  set_to_host_checkbox: z.boolean().default(false),
})
export const DowntimeBody = ObjectFields.extend(DowntimeFields.shape)
export type DowntimeBody = z.infer<typeof DowntimeBody>

export const DOWNTIME_STATUSES = ['SCHEDULED', 'STARTED', 'STOPPED', 'CANCELLED'] as const
export type DowntimeStatus = (typeof DOWNTIME_STATUSES)[number]

/**
 * How long before the current minute the server still takes a start as "the current minute": a form sent in the
 * last second of a minute (start: that minute) arrives in the next one, and a browser's clock may run a little
 * behind the server's. Refused, the person would see "the start cannot be before the current minute" for a start
 * the form chose and checked itself.
 */
export const START_GRACE_S = 60

/**
 * SPEC §5 Maintenance: the start cannot be before the current minute (`graceS` earlier on the server), the end lies
 * after the start, and a flexible maintenance needs its duration. Returns the field at fault, or null. Shared so
 * forms agree.
 */
export function downtimeWindowProblem(
  d: { start_time: number; end_time: number; is_flexible: boolean; duration?: number | null },
  nowS: number,
  graceS = 0,
): { field: string; reason: string } | null {
  const minute = Math.floor(nowS / 60) * 60
  if (d.start_time < minute - graceS) return { field: 'start_time', reason: 'the start cannot be before the current minute' }
  if (d.end_time <= d.start_time) return { field: 'end_time', reason: 'the end must lie after the start' }
  if (d.is_flexible && !(d.duration && d.duration > 0))
    return { field: 'duration', reason: 'Duration is required for flexible maintenance.' }
  return null
}

/** One maintenance not yet over, as "view maintenance" shows it. */
export const Downtime = z.object({
  id: z.number().int(),
  host_id: z.number().int(),
  host_name: z.string(),
  resource_id: z.number().int().nullable(),
  resource_name: z.string().nullable(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  is_flexible: z.boolean(),
  duration: z.number().int(),
  comment: z.string(),
  status: z.enum(DOWNTIME_STATUSES),
  /** when it took effect and when it ends (a flexible one: trigger time + duration); null until started */
  actual_start: z.number().int().nullable(),
  actual_end: z.number().int().nullable(),
  username: z.string(),
  user_full_name: z.string(),
  created_time: z.number().int(),
})
export type Downtime = z.infer<typeof Downtime>
export const DowntimeList = z.object({ result: z.array(Downtime), totalresults: z.number().int() })
