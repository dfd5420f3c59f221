/**
 * Ticket providers, listed by hand (STYLE.md "one kind, one file, one registry line"), and the provider of an
 * organization (issue 15 "Ticket providers"): it opens tickets with the provider its setting chooses, and asks
 * every id it already holds of the provider that owns it, so tickets opened before a switch stay readable.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../store/db'
import { readTicketProviderConfig, ticketProviderConfigsOfEnvironments, type TicketProviderConfig } from '../../store/ticket-providers'
import { organizationsOfExternalTicket } from '../../store/external-tickets'
import type { SecretBox } from '../../security/secrets'
import type { TicketProviderKind } from '../../../shared/api/ticket-providers'
import type { Ticket } from '../../../shared/api/tickets'
import { ApiError } from '../../../shared/errors'
import type { TicketProvider, TicketProviders } from './provider'
import { builtinProvider } from './builtin'
import { requestTrackerProvider } from './request-tracker'

/** Each kind's provider for an organization's setting; null when the setting does not configure it. */
const ticketProviderKinds = {
  builtin: () => builtinProvider,
  request_tracker: (config) => (config.baseUrl ? requestTrackerProvider(config) : null),
} satisfies Record<TicketProviderKind, (config: TicketProviderConfig) => TicketProvider | null>

function organizationTicketProvider(config: TicketProviderConfig): TicketProvider {
  const made = new Map(
    (Object.keys(ticketProviderKinds) as TicketProviderKind[]).flatMap((kind) => {
      const provider = ticketProviderKinds[kind](config)
      return provider ? [[kind, provider] as const] : []
    }),
  )
  const configured = [...made.values()]
  const chosen = made.get(config.provider) ?? builtinProvider
  const ownerOf = (ticketId: string, failure: 'ticket_add_failed' | 'ticket_delete_failed') => {
    const owner = configured.find((p) => p.owns(ticketId))
    if (!owner) throw new ApiError(failure, { reason: 'unknown_ticket', ticket_id: ticketId })
    return owner
  }
  return {
    name: chosen.name,
    owns: (ticketId) => configured.some((p) => p.owns(ticketId)),
    open: chosen.open,
    addNote: (db, ticketId, note, at) => ownerOf(ticketId, 'ticket_add_failed').addNote(db, ticketId, note, at),
    close: (db, ticketId, comment, author, at) => ownerOf(ticketId, 'ticket_delete_failed').close(db, ticketId, comment, author, at),
    async get(db, ticketIds) {
      const found = new Map<string, Ticket>()
      for (const p of configured) {
        const ids = ticketIds.filter((id) => p.owns(id))
        if (ids.length) for (const t of await p.get(db, ids)) found.set(t.ticket_id, t)
      }
      return ticketIds.flatMap((id) => found.get(id) ?? [])
    },
  }
}

/** The providers of the organizations that own `hostgroupIds`, read once for a request. */
export async function ticketProvidersOf(db: Kysely<Database>, box: SecretBox, hostgroupIds: number[]): Promise<TicketProviders> {
  const configs = await ticketProviderConfigsOfEnvironments(db, box, hostgroupIds)
  const byOrganization = new Map<number, TicketProvider>()
  const byEnvironment = new Map<number, TicketProvider>()
  for (const [hostgroupId, config] of configs) {
    const provider = byOrganization.get(config.organizationId) ?? organizationTicketProvider(config)
    byOrganization.set(config.organizationId, provider)
    byEnvironment.set(hostgroupId, provider)
  }
  return { of: (target) => byEnvironment.get(target.hostgroupId) ?? builtinProvider }
}

/**
 * The provider that can read `ticketId` without knowing its object (the Vigil page of a ticket): the built-in
 * desk for its ids, else the provider of the first organization among `organizationIds` (all when null) that
 * opened a ticket with this id.
 */
export async function ticketProviderOfTicket(
  db: Kysely<Database>,
  box: SecretBox,
  organizationIds: number[] | null,
  ticketId: string,
): Promise<TicketProvider> {
  if (builtinProvider.owns(ticketId)) return builtinProvider
  const [organizationId] = await organizationsOfExternalTicket(db, ticketId, organizationIds)
  return organizationId === undefined
    ? builtinProvider
    : organizationTicketProvider(await readTicketProviderConfig(db, box, organizationId))
}

export { testRequestTracker } from './request-tracker'
export type { TicketProvider, TicketProviders } from './provider'
