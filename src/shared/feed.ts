/**
 * The live feed's wire format (DESIGN.md "The way data flows"): the browser subscribes to topics and
 * receives small deltas for every committed change it may see.
 */
import { z } from 'zod'
import { TOPICS_PER_MESSAGE } from './feed-topics'

// The topics' names, limits and topicsOf live in a module without zod: the browser shell's first script needs them.
export { APPROVALS_TOPIC, SYSTEM_TOPIC, TOPICS_PER_CONNECTION, TOPICS_PER_MESSAGE, topicsOf } from './feed-topics'

export const Topic = z.string().regex(/^((environment|host|map):\d+|system|approvals)$/)
export type Topic = z.infer<typeof Topic>

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
  /** Set by the server: the subscribed `map:<id>` topics whose maps nest the event's map (a wall refetches). */
  maps?: number[]
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
