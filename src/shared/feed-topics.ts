/**
 * The live feed's topics (DESIGN.md "The way data flows"): their names, limits and which topics a delta is
 * published on. Without zod (feed.ts has the wire format's schemas): the browser shell's first script needs
 * these, and zod stays out of it (issue 2 shell budget).
 */
import type { FeedDelta } from './feed'

/**
 * `environment:<id>`, `host:<id>`, `map:<id>`, `system` (the server's own events, for administrators), or
 * `approvals` (issue 16: the signed-in user's own logins waiting for push approval).
 */
export const SYSTEM_TOPIC = 'system'
export const APPROVALS_TOPIC = 'approvals'
/** Topics per subscribe/unsubscribe message; clients send more in several messages. */
export const TOPICS_PER_MESSAGE = 500

/**
 * Issue 13: topics one connection may hold (each costs a query when subscribed, a map's its nested
 * documents); more are refused with a `limit_exceeded` error. Not a SPEC constant.
 */
export const TOPICS_PER_CONNECTION = 1000

/** Topics a delta belongs to. */
export function topicsOf(delta: FeedDelta): string[] {
  const t: string[] = []
  if (delta.hostgroup_id !== null) t.push(`environment:${delta.hostgroup_id}`)
  if (delta.host_id !== null) t.push(`host:${delta.host_id}`)
  for (const id of delta.maps ?? []) t.push(`map:${id}`)
  if (delta.kind !== 'event') return t
  if (typeof delta.map_id === 'number') t.push(`map:${delta.map_id}`)
  else if (delta.type === 'system' && delta.hostgroup_id === null) t.push(SYSTEM_TOPIC)
  return t
}
