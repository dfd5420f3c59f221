/** The ticket page of the built-in service desk (SPEC §3 Ticket web_url), loaded on demand by the route table. */
export { TicketPage } from './TicketPage'
