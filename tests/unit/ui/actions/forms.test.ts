import { describe, expect, it } from 'vitest'
import { validateAcknowledge } from '../../../../src/ui/actions/acknowledge-form'
import { safeTicketUrl, ticketTitle, validateCloseTicket, validateCreateTicket } from '../../../../src/ui/actions/ticket-form'
import { ticketLinks } from '../../../../src/ui/actions/ticket-info'

const host = { host_id: 1, host_name: 'web01' }
const resource = { host_id: 1, host_name: 'web01', resource_id: 11, resource_name: 'disk' }

describe('acknowledge form (SPEC §5 comment required, trimmed; SPEC §3 payload; issue 17 options)', () => {
  const now = new Date(2026, 10, 28, 10, 0)
  const draft = { comment: 'on it', persistent: false, notify: false, expire: '', persistentComment: false }
  const options = { persistent: false, notify: false, expire_time: null, persistent_comment: false }

  it('requires a comment that is not only spaces, with the SPEC §5 text', () => {
    expect(validateAcknowledge({ ...draft, comment: ' \n ' }, [host], now)).toEqual({
      ok: false,
      errors: { comment: 'ui.actions.commentRequired' },
    })
  })

  it('builds the payload of one target with the trimmed comment, sticky, notify, expiry and persistent comment', () => {
    const outcome = validateAcknowledge(
      { comment: ' on it ', persistent: true, notify: true, expire: '2026-11-28T12:30', persistentComment: true },
      [host],
      now,
    )
    expect(outcome).toEqual({
      ok: true,
      payloads: [
        {
          host_id: 1,
          host_name: 'web01',
          comment: 'on it',
          persistent: true,
          notify: true,
          expire_time: Math.floor(new Date(2026, 10, 28, 12, 30).getTime() / 1000),
          persistent_comment: true,
        },
      ],
    })
  })

  it('refuses an expiry time that is not in the future', () => {
    expect(validateAcknowledge({ ...draft, expire: '2026-11-28T09:59' }, [host], now)).toEqual({
      ok: false,
      errors: { expire: 'ui.acknowledge.errors.expireInPast' },
    })
  })

  it('builds one payload per selected row, flagged multi when more than one (SPEC §7)', () => {
    expect(validateAcknowledge(draft, [host, resource], now)).toEqual({
      ok: true,
      payloads: [
        { host_id: 1, host_name: 'web01', comment: 'on it', ...options, multi: true },
        { host_id: 1, host_name: 'web01', resource_id: 11, resource_name: 'disk', comment: 'on it', ...options, multi: true },
      ],
    })
  })
})

describe('ticket forms (SPEC §2 Create ticket, §5 Ticket close, §3 Ticket payload)', () => {
  it('titles a ticket with the host or risk name and the optional resource name', () => {
    expect(ticketTitle({ name: 'web01' })).toBe('web01')
    expect(ticketTitle({ name: 'web01', resource_name: 'disk' })).toBe('web01 – disk')
  })

  it('creates with only the subject ids that are set and the trimmed comment, multi for several', () => {
    expect(validateCreateTicket(' please look ', [{ name: 'web01', host_id: 1, resource_id: 11, resource_name: 'disk' }])).toEqual({
      ok: true,
      payloads: [{ host_id: 1, resource_id: 11, comment: 'please look' }],
    })
    expect(
      validateCreateTicket('please look', [
        { name: 'web01', host_id: 1 },
        { name: 'OpenSSH', hostgroup_id: 3, risk_plugin_id: 'p1' },
      ]),
    ).toEqual({
      ok: true,
      payloads: [
        { host_id: 1, comment: 'please look', multi: true },
        { hostgroup_id: 3, risk_plugin_id: 'p1', comment: 'please look', multi: true },
      ],
    })
  })

  it('creating needs a comment, which the ticket service gets as its first note', () => {
    expect(validateCreateTicket('  ', [{ name: 'web01', host_id: 1 }])).toEqual({
      ok: false,
      errors: { comment: 'ui.actions.commentRequired' },
    })
  })

  it('closing needs a comment ("validation_failed")', () => {
    expect(validateCloseTicket('  ', { name: 'web01', host_id: 1 }, 'T-1')).toEqual({
      ok: false,
      errors: { comment: 'ui.actions.commentRequired' },
    })
    expect(validateCloseTicket(' fixed ', { name: 'web01', host_id: 1 }, 'T-1')).toEqual({
      ok: true,
      payloads: [{ host_id: 1, ticket_id: 'T-1', comment: 'fixed' }],
    })
  })

  it('links only to http(s) or to a page of Vigil itself', () => {
    expect(safeTicketUrl('https://desk.example/t/1')).toBe('https://desk.example/t/1')
    expect(safeTicketUrl('/#/tickets/1')).toBe('/#/tickets/1')
    expect(safeTicketUrl('#/tickets/1')).toBe('#/tickets/1')
    expect(safeTicketUrl('javascript:alert(1)')).toBeNull()
    expect(safeTicketUrl('//evil.example/x')).toBeNull()
    expect(safeTicketUrl('data:text/html,hi')).toBeNull()
    expect(safeTicketUrl('')).toBeNull()
    expect(safeTicketUrl(null)).toBeNull()
  })

  it('lists every ticket id with its link, the current one first', () => {
    expect(ticketLinks({ ticket_id: 'T-2', web_url: 'https://d/2', ticket_ids: ['T-1', 'T-2'] })).toEqual([
      { id: 'T-2', web_url: 'https://d/2' },
      { id: 'T-1', web_url: null },
    ])
    expect(ticketLinks({ ticket_links: [{ id: 'T-1', web_url: 'https://d/1' }], ticket_ids: ['T-1'] })).toEqual([
      { id: 'T-1', web_url: 'https://d/1' },
    ])
  })
})
