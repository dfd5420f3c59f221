/**
 * Issue 15 "Ticket providers": where an organization's tickets live (SPEC §1 "tickets in an external service-desk
 * system", §3 Ticket provider): the built-in service desk, or Request Tracker 5 over its REST API. Paths:
 *   GET|PUT organizations/:id/settings/tickets        TicketProviderSettings / TicketProviderUpdate (host_write, SPEC §6)
 *   POST    organizations/:id/settings/tickets/test   a TicketProviderUpdate tried against the ticket system, unsaved
 * The token is write-only: the answer says only whether one is set.
 */
import { z } from 'zod'

export const TICKET_PROVIDER_KINDS = ['builtin', 'request_tracker'] as const
export const TicketProviderKind = z.enum(TICKET_PROVIDER_KINDS)
export type TicketProviderKind = z.infer<typeof TicketProviderKind>

/**
 * SPEC §3 "The service ticket status is shown as deployment environments, colour-coded (acceptance, test,
 * development, local)". Vigil's reading: the deployment of the ticket system an organization uses; a ticket's
 * status is marked with it (TicketStatusBadge) unless it is production, so nobody mistakes a test desk for the real one.
 */
export const DEPLOYMENTS = ['production', 'acceptance', 'test', 'development', 'local'] as const
export const Deployment = z.enum(DEPLOYMENTS)
export type Deployment = z.infer<typeof Deployment>

/** An http(s) address without credentials, query or fragment; the REST API is below it (`…/REST/2.0/`). */
export function isServiceBaseUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash && url.hostname !== ''
  } catch {
    return false
  }
}
const BaseUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isServiceBaseUrl(v), 'an http(s) address without credentials, query or fragment')
  .transform((v) => v.replace(/\/+$/, ''))

const CustomFieldName = z.string().trim().min(1).max(100)

/** Request Tracker custom fields Vigil fills when it opens a ticket, each the name of an RT ticket custom field. */
export const CustomFieldMapping = z
  .object({ host: CustomFieldName, resource: CustomFieldName, state: CustomFieldName, environment: CustomFieldName })
  .partial()
  .strict()
export type CustomFieldMapping = z.infer<typeof CustomFieldMapping>

const common = {
  provider: TicketProviderKind,
  deployment: Deployment,
  /** Request Tracker's web address, e.g. https://rt.example.com or https://example.com/rt */
  base_url: z.string(),
  /** the RT queue tickets are opened in */
  queue: z.string(),
  /** time limit of each request to the ticket system, seconds */
  timeout_s: z.number().int().min(1).max(30),
  custom_fields: CustomFieldMapping,
}

export const TicketProviderSettings = z.object({
  ...common,
  token_set: z.boolean(),
  /** a server admin saved base_url: it may reach what the organization's allowed targets deny (issue 13) */
  trusted: z.boolean(),
})
export type TicketProviderSettings = z.infer<typeof TicketProviderSettings>

/**
 * PUT (and test) body. RT fields are kept while the built-in desk is chosen, so tickets opened in RT stay readable.
 * `token`: a new one replaces the stored one, null removes it, absent keeps it.
 */
export const TicketProviderUpdate = z.object({
  provider: TicketProviderKind,
  deployment: Deployment.default('production'),
  base_url: BaseUrl.default(''),
  queue: z.string().trim().max(200).default(''),
  token: z.string().trim().min(1).max(500).nullish(),
  timeout_s: common.timeout_s.default(5),
  custom_fields: CustomFieldMapping.default({}),
})
export type TicketProviderUpdate = z.infer<typeof TicketProviderUpdate>
/** What a client sends (defaults may be left out). */
export type TicketProviderBody = z.input<typeof TicketProviderUpdate>

/** A successful connection test: what the ticket system said about itself and the queue. */
export const TicketProviderTest = z.object({ version: z.string(), queue: z.string() })
export type TicketProviderTest = z.infer<typeof TicketProviderTest>
