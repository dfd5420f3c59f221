/**
 * SPEC §4 "Decorations": in maintenance, else stale, else flapping; and ticket created, else acknowledged.
 * The tooltip lists in maintenance, stale, flapping, acknowledgement, ticket; stale items are greyed.
 * Reads the SPEC §3 fields hosts and resources share, so every table decorates the same way.
 */

export interface Decorated {
  is_stale?: boolean
  is_flapping?: boolean
  acknowledged?: boolean
  /** SPEC §3: list of ticket ids; the last is current. */
  tickets?: readonly (string | number)[] | null
  /** SPEC §3: over 0 means in maintenance. */
  max_scheduled_downtime_depth?: number | null
}

export type Decoration = 'maintenance' | 'stale' | 'flapping' | 'acknowledgement' | 'ticket'

export function inMaintenance(item: Decorated): boolean {
  return (item.max_scheduled_downtime_depth ?? 0) > 0
}

export function hasTicket(item: Decorated): boolean {
  return (item.tickets?.length ?? 0) > 0
}

/** The one state icon shown: maintenance wins over stale, stale over flapping. */
export function stateDecoration(item: Decorated): 'maintenance' | 'stale' | 'flapping' | null {
  if (inMaintenance(item)) return 'maintenance'
  if (item.is_stale) return 'stale'
  if (item.is_flapping) return 'flapping'
  return null
}

/** The one handling icon shown: a ticket wins over an acknowledgement. */
export function handlingDecoration(item: Decorated): 'ticket' | 'acknowledgement' | null {
  if (hasTicket(item)) return 'ticket'
  if (item.acknowledged) return 'acknowledgement'
  return null
}

/** Everything that applies, in the tooltip's order. */
export function decorationsOf(item: Decorated): Decoration[] {
  const applies: Record<Decoration, boolean> = {
    maintenance: inMaintenance(item),
    stale: item.is_stale === true,
    flapping: item.is_flapping === true,
    acknowledgement: item.acknowledged === true,
    ticket: hasTicket(item),
  }
  return (Object.keys(applies) as Decoration[]).filter((d) => applies[d])
}

export function isGreyed(item: Decorated): boolean {
  return item.is_stale === true
}

/** For TablePanel's `rowClassName`: stale rows greyed, in the theme's secondary text colour (opacity would fail WCAG contrast). */
export function decoratedRowClass(item: Decorated): string | undefined {
  return isGreyed(item) ? 'text-body-secondary' : undefined
}
