/**
 * The live feed's wire format (DESIGN.md "The way data flows"): the browser subscribes to topics and
 * receives small deltas for every committed change it may see.
 */
import { z } from 'zod'

/**
 * `environment:<id>`, `host:<id>`, `map:<id>`, `system` (the server's own events, for administrators), or
 * `approvals` (issue 16: the signed-in user's own logins waiting for push approval).
 */
export const SYSTEM_TOPIC = 'system'
export const APPROVALS_TOPIC = 'approvals'
export const Topic = z.string().regex(/^((environment|host|map):\d+|system|approvals)$/)
export type Topic = z.infer<typeof Topic>

/** Topics per subscribe/unsubscribe message; clients send more in several messages. */
export const TOPICS_PER_MESSAGE = 500

/**
 * Issue 13: topics one connection may hold (each costs a query when subscribed, a map's its nested
 * documents); more are refused with a `limit_exceeded` error. Not a SPEC constant.
 */
export const TOPICS_PER_CONNECTION = 1000

/** Issue 13: a feed ticket (`POST /api/v1/feed/ticket`, then `GET /api/v1/feed?ticket=`) opens one socket within 30 s. */
export const FEED_TICKET_TTL_S = 30

/**
 * WebSocket close codes: 4000 + the HTTP status of the SPEC §8 key sent just before (`invalid_token`,
 * `unauthenticated`: 4401; `limit_exceeded`: 4409).
 */
export const FEED_CLOSE = { unauthenticated: 4401, limitExceeded: 4409 } as const

export const ClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), topics: z.array(Topic).max(TOPICS_PER_MESSAGE) }),
  z.object({ op: z.literal('unsubscribe'), topics: z.array(Topic).max(TOPICS_PER_MESSAGE) }),
  z.object({ op: z.literal('ping') }),
])
export type ClientMessage = z.infer<typeof ClientMessage>

/** A host or resource whose monitoring state changed (SPEC §3 field names). */
export interface StateDelta {
  kind: 'state'
  object: 'host' | 'resource'
  id: number
  host_id: number
  hostgroup_id: number
  name: string
  host_name: string
  state: string
  state_type: string
  current_attempt: number
  plugin_output: string
  last_check: number | null
  next_check: number | null
  last_state_change: number | null
  is_flapping: boolean
  is_stale: boolean
  /** Set by the server: the subscribed `map:<id>` topics this delta reaches (hosts bound on those maps). */
  maps?: number[]
}

/** A new timeline event (SPEC §3 Timeline event, the fields a list shows). */
export interface EventDelta {
  kind: 'event'
  id: number
  type: string
  event_class: string
  hostgroup_id: number | null
  host_id: number | null
  resource_id: number | null
  subject_name: string
  host_name: string
  display_time: number
  status: string
  state_type: string
  message: string
  /** The map a map event (type `map`) is about; the feed refreshes a `map:<id>` topic when it is published. */
  map_id?: number | null
}

/**
 * What a host or resource row shows of operator actions after an acknowledgement, maintenance or ticket
 * changed (SPEC §3 acknowledged, tickets; SPEC §4 decorations). `scheduled_downtime_depth` is the host's
 * max_scheduled_downtime_depth or the resource's scheduled_downtime_depth: over 0 means in maintenance.
 */
export interface ActionDelta {
  kind: 'action'
  object: 'host' | 'resource'
  id: number
  host_id: number
  hostgroup_id: number
  acknowledged: boolean
  scheduled_downtime_depth: number
  tickets: string[]
  /** As StateDelta.maps. */
  maps?: number[]
}

/** Issue 16 push (SPEC §4): a login of this user waits for approval, or its request was decided or ran out. */
export interface ApprovalDelta {
  kind: 'approval'
  id: number
  user_id: number
  hostgroup_id: null
  host_id: null
  /** the address the login comes from */
  source: string
  status: 'pending' | 'approved' | 'remembered' | 'denied' | 'expired'
  created_time: number
  expires_at: number
}

export type FeedDelta = StateDelta | EventDelta | ActionDelta

/** What travels on the server's bus: monitoring deltas, and (issue 16) approvals, sent as their own message. */
export type BusMessage = FeedDelta | ApprovalDelta

/** What the server sends: deltas, or the answer to a subscription (topics refused are named). */
export type ServerMessage =
  /** the deltas of one moment that this client may see, in commit order */
  | { op: 'deltas'; deltas: FeedDelta[] }
  /** issue 16: to the `approvals` topic of the user whose login waits */
  | { op: 'approval'; approval: ApprovalDelta }
  | { op: 'subscribed'; topics: string[]; refused: string[] }
  | { op: 'pong' }
  | { op: 'error'; key: string; message: string; extra_info?: Record<string, unknown> }

/** Topics a delta belongs to. */
export function topicsOf(delta: FeedDelta): string[] {
  const t: string[] = []
  if (delta.hostgroup_id !== null) t.push(`environment:${delta.hostgroup_id}`)
  if (delta.host_id !== null) t.push(`host:${delta.host_id}`)
  if (delta.kind !== 'event') for (const id of delta.maps ?? []) t.push(`map:${id}`)
  else if (typeof delta.map_id === 'number') t.push(`map:${delta.map_id}`)
  else if (delta.type === 'system' && delta.hostgroup_id === null) t.push(SYSTEM_TOPIC)
  return t
}
