/**
 * SPEC §7 Events and §3 Timeline event: the query of `GET events` and the event as it travels.
 * Lists are comma-separated, flags take true/false/1/0, times are unix seconds.
 *
 * Readings Vigil chose where SPEC leaves them open (issue 5, issue 8):
 * - `start_time`/`end_time` bound `display_time`, the time the timeline sorts and pages on.
 * - `no_future_events` leaves out the upcoming events of SPEC §4 (start in the future, status not
 *   STOPPED), so that a past panel holds exactly "all others".
 * - `only_hard` leaves out SOFT state events; `only_non_flapping` leaves out flapping ones. They are the
 *   SPEC §4 state quick filters `soft_state` and `flapping` switched off.
 * - Subject filters (host_id, resource_id, hostgroup_id, risk_id, risk_plugin_id) take lists; different
 *   subjects narrow each other (a risk plugin within an environment). `host_id` includes the events of
 *   the host's resources; `classes=host` keeps the host's own. With `map_all_events` the subjects are
 *   or-ed instead: the events of every object on a map.
 * - `event_filter_missing` (SPEC §8 "needs at least one subject"): `map_all_events` without a subject,
 *   and `risk_plugin_id` without `hostgroup_id` (a risk plugin is a subject only within an environment,
 *   SPEC §7 risks/{hostgroup_id}/{risk_plugin_id}).
 * - `totalresults` counts at most EVENTS_COUNT_CAP events (SPEC §8 "Result caps: timeline limited");
 *   `limited` says the count stopped there.
 * - `system` events (event_class `system_event`, no environment: server started with its release, stopping,
 *   migrations applied, engine overloaded, feed bus reconnected) are seen only by users whose groups include
 *   administrator, and only without an environment filter or subject.
 * - `notification` events: `status` is the delivery (DELAYED, PENDING, SENT, FAILED, DROPPED), `action`
 *   PROBLEM or RECOVERY, `contact` the channel; extra_data holds state, attempts and last_error.
 */
import { z } from 'zod'
import { TIMELINE_EVENTS_LIMIT } from '../constants'
import { EVENT_CLASSES, EVENT_TYPES } from '../enums'

/** SPEC §8 "timeline limited": counting stops here so that a page over millions of events stays fast. */
export const EVENTS_COUNT_CAP = 10_000

/** SPEC §9 event filter class → the `event_class` events carry (SPEC §3 host_event, resource_check_event). */
export const EVENT_CLASS_OF: Record<(typeof EVENT_CLASSES)[number], string> = {
  host: 'host_event',
  resource_check: 'resource_check_event',
  hostgroup: 'hostgroup_event',
  risk: 'risk_event',
}

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
const list = <T extends z.ZodType<string>>(item: T, name: string) =>
  z
    .string()
    .max(20000)
    .transform((s, ctx) => {
      const parts = s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
      const out: z.infer<T>[] = []
      for (const p of parts) {
        const r = item.safeParse(p)
        if (!r.success) {
          ctx.addIssue({ code: 'custom', message: `${name}: "${p.slice(0, 50)}" is not allowed` })
          return z.NEVER
        }
        out.push(r.data)
      }
      return out
    })
const idList = (name: string) => list(z.string().regex(/^\d{1,12}$/), name).transform((a) => a.map(Number))
const unixTime = z.coerce.number().int().min(0).max(1e11)

export const EventsQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(1e9).default(0),
    limit: z.coerce.number().int().min(0).max(TIMELINE_EVENTS_LIMIT).default(50),
    start_time: unixTime.optional(),
    end_time: unixTime.optional(),
    map_all_events: flag.default(false),
    no_future_events: flag.default(false),
    min_id: z.coerce.number().int().min(0).optional(),
    only_hard: flag.default(false),
    only_non_flapping: flag.default(false),
    types: list(z.enum(EVENT_TYPES), 'types').optional(),
    advanced_filter: z.string().max(100000).optional(),
    environment_filter: idList('environment_filter').optional(),
    classes: list(z.enum(EVENT_CLASSES), 'classes').optional(),
    host_id: idList('host_id').optional(),
    /** The events of one map (SPEC §2 map timeline): map events carry events.map_id. */
    map_id: idList('map_id').optional(),
    /** The events of one report (SPEC §2 report timeline): report events carry events.report_id. */
    report_id: idList('report_id').optional(),
    resource_id: idList('resource_id').optional(),
    risk_id: idList('risk_id').optional(),
    hostgroup_id: idList('hostgroup_id').optional(),
    /** Issue 15: an organization's audit timeline (`/admin/{organization}/timeline`). */
    organization_id: idList('organization_id').optional(),
    /** Issue 15: a user's timeline, what the user did (`/admin/{organization}/users/{user}/timeline`). */
    user_id: idList('user_id').optional(),
    risk_plugin_id: list(z.string().regex(/^[\w.:-]{1,100}$/), 'risk_plugin_id').optional(),
  })
  .refine((q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time, {
    message: 'start_time must not be after end_time',
    path: ['start_time'],
  })
export type EventsQuery = z.infer<typeof EventsQuery>
/** The query as a client sends it: numbers, or text (flags 'true'/'false', lists comma-separated). */
export type EventsParams = { [K in keyof EventsQuery]?: string | number }

export const EventIdParams = z.object({ id: z.coerce.number().int().positive() })

/** SPEC §3 Timeline event, with the audit-log fields. Optional kinds of data are null when absent. */
export const TimelineEvent = z.object({
  id: z.number().int(),
  type: z.string(),
  event_class: z.string(),
  subject_name: z.string(),
  host_name: z.string(),
  hostgroup_id: z.number().int().nullable(),
  host_id: z.number().int().nullable(),
  resource_id: z.number().int().nullable(),
  risk_id: z.number().int().nullable(),
  risk_plugin_id: z.string().nullable(),
  start_time: z.number().int(),
  end_time: z.number().int().nullable(),
  display_time: z.number().int(),
  /** YYYY-MM-DD of display_time in UTC; browsers label days in their own time zone. */
  display_day: z.string(),
  /** Position in the whole result (offset + position on the page). */
  index: z.number().int(),
  /** State events: the state lowercased (SPEC §4); maintenance: SCHEDULED, STARTED, STOPPED, CANCELLED. */
  status: z.string(),
  /** HARD or SOFT for state events (SPEC §4), '' for others. */
  state_type: z.string(),
  is_flapping: z.boolean(),
  /** SPEC §3 "data (state/status)": `state` and `state_type` for state events, else `status`, plus what the writer stored. */
  data: z.record(z.string(), z.unknown()),
  message: z.string(),
  comment: z.string(),
  is_flexible: z.boolean(),
  duration: z.number().nullable(),
  user_id: z.number().int().nullable(),
  user_full_name: z.string(),
  username: z.string(),
  ticket_id: z.string().nullable(),
  solution: z.string().nullable(),
  contact: z.string().nullable(),
  command: z.string().nullable(),
  action: z.string().nullable(),
  extra_data: z.record(z.string(), z.unknown()),
  name: z.string().nullable(),
  version: z.string().nullable(),
  // Audit logs (SPEC §3): who did it, from which organization.
  user: z.string(),
  user_organization: z.string(),
  user_email: z.string(),
})
export type TimelineEvent = z.infer<typeof TimelineEvent>

export const EventList = z.object({ result: z.array(TimelineEvent), totalresults: z.number().int(), limited: z.boolean() })
export type EventList = z.infer<typeof EventList>
