/**
 * Connectors between two items (SPEC §2 "connect items", "bandwidth connections"). A bandwidth connector is
 * bound to an interface's performance data (a resource and its in/out perfdata labels) and shows utilisation.
 */
import { z } from 'zod'
import { ItemId } from './items/base'

export const Bandwidth = z
  .object({
    resource_id: z.number().int().positive(),
    in_key: z.string().min(1).max(100),
    out_key: z.string().min(1).max(100),
    /** Link capacity in bits per second; utilisation = max(in, out) / capacity. */
    capacity_bps: z.number().positive().max(1e15),
  })
  .strict()
export type Bandwidth = z.infer<typeof Bandwidth>

/** How a connector runs (issue 18): a straight line, right angles around items, or a smooth curve. */
export const CONNECTOR_ROUTES = ['straight', 'orthogonal', 'curved'] as const
export type ConnectorRoute = (typeof CONNECTOR_ROUTES)[number]
export const MAX_WAYPOINTS = 50

/** Where on an item a connector attaches, as fractions of its box (0,0 top left; 1,0.5 the middle of the right side). */
export const Anchor = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).strict()
export type Anchor = z.infer<typeof Anchor>
/** A point the route passes through, in map coordinates. */
export const Waypoint = z
  .object({ x: z.number().finite().min(-100_000).max(100_000), y: z.number().finite().min(-100_000).max(100_000) })
  .strict()
export type Waypoint = z.infer<typeof Waypoint>

export const Connector = z
  .object({
    id: ItemId,
    from: ItemId,
    to: ItemId,
    z: z.number().finite(),
    kind: z.enum(['plain', 'bandwidth']),
    label: z.string().max(200).optional(),
    colour: z.string().max(32).optional(),
    width: z.number().min(0.5).max(40).default(2),
    dash: z.boolean().default(false),
    bandwidth: Bandwidth.optional(),
    /** Absent: straight (documents from before routing). */
    route: z.enum(CONNECTOR_ROUTES).optional(),
    waypoints: z.array(Waypoint).max(MAX_WAYPOINTS).optional(),
    /** Absent: the route picks the side facing the other end, and follows when the items move. */
    from_anchor: Anchor.optional(),
    to_anchor: Anchor.optional(),
  })
  .strict()
  .refine((c) => (c.kind === 'bandwidth') === (c.bandwidth !== undefined), {
    message: 'bandwidth: required exactly for bandwidth connectors',
    path: ['bandwidth'],
  })
export type Connector = z.infer<typeof Connector>

/** The key of an unordered pair: A→B and B→A are the same connection (SPEC §5). */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`)

/** SPEC §5: a shape cannot be connected to itself or to an already connected shape. Null when allowed. */
export function connectionRefusal(
  connectors: Iterable<Pick<Connector, 'from' | 'to' | 'id'>>,
  from: string,
  to: string,
  ignoreId?: string,
): 'self' | 'already_connected' | null {
  if (from === to) return 'self'
  const key = pairKey(from, to)
  for (const c of connectors) if (c.id !== ignoreId && pairKey(c.from, c.to) === key) return 'already_connected'
  return null
}
