/** Ticket providers, listed by hand (STYLE.md "one kind, one file, one registry line"). */
import type { TicketProvider } from './provider'
import { builtinProvider } from './builtin'

const ticketProviders = { builtin: builtinProvider } satisfies Record<string, TicketProvider>

/** The provider in use. Only the built-in service desk exists; a configuration choice comes with a second one. */
export const defaultTicketProvider: TicketProvider = ticketProviders.builtin
export type { TicketProvider } from './provider'
