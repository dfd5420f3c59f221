import { describe, expect, it } from 'vitest'
import { closeTicketCall, ticketCall, ticketNoteCall } from '../../../src/app/actions'
import { acknowledgementCall, bulkCall, canSelectFor, downtimeCall, reacknowledgeCall } from '../../../src/monitoring/actions/requests'
import { acknowledgementButton, ticketButton } from '../../../src/monitoring/components/row-buttons'
import { hostRow, resourceRow } from './rows'

const window = { start_time: 1_800_000_000, end_time: 1_800_007_200, comment: 'patching', is_flexible: false, duration: 7200 }

describe('action calls (SPEC §7 paths, SPEC §3 payloads)', () => {
  it('acknowledges on the host or the resource path with the payload and the multi flag', () => {
    const options = { notify: true, expire_time: null, persistent_comment: false }
    expect(acknowledgementCall({ host_id: 1, host_name: 'web-01', comment: 'on it', persistent: true, ...options, multi: true })).toEqual({
      path: 'hosts/1/acknowledgements',
      method: 'POST',
      body: { host_id: 1, host_name: 'web-01', comment: 'on it', persistent: true, ...options, multi: true },
    })
    const onResource = { host_id: 1, host_name: 'web-01', resource_id: 11, resource_name: 'disk /', comment: 'x', persistent: false }
    expect(acknowledgementCall({ ...onResource, ...options }).path).toBe('resources/11/acknowledgements')
  })

  it('schedules maintenance on the resource, or on the host when set_to_host_checkbox is set (naming the host alone)', () => {
    const resource = { host_id: 1, host_name: 'web-01', resource_id: 11, resource_name: 'disk /', ...window }
    expect(downtimeCall({ ...resource, set_to_host_checkbox: false })).toEqual({
      path: 'resources/11/downtimes',
      method: 'POST',
      body: { ...resource, set_to_host_checkbox: false },
    })
    expect(downtimeCall({ ...resource, set_to_host_checkbox: true })).toEqual({
      path: 'hosts/1/downtimes',
      method: 'POST',
      body: { host_id: 1, host_name: 'web-01', ...window, set_to_host_checkbox: true },
    })
    expect(downtimeCall({ host_id: 2, host_name: 'db-01', ...window, set_to_host_checkbox: true }).path).toBe('hosts/2/downtimes')
  })

  it('opens, re-acknowledges and closes tickets on the SPEC §7 ticket paths', () => {
    expect(ticketCall({ host_id: 1, resource_id: 11, comment: 'disk full' })).toEqual({
      path: 'resources/11/tickets',
      method: 'POST',
      body: { host_id: 1, resource_id: 11, comment: 'disk full' },
    })
    expect(reacknowledgeCall(hostRow())).toEqual({ path: 'hosts/1/tickets', method: 'POST', body: { reacknowledged: true } })
    expect(closeTicketCall({ host_id: 1, ticket_id: 'VIG-000007', comment: 'fixed' })).toEqual({
      path: 'hosts/1/tickets/VIG-000007',
      method: 'DELETE',
      body: { comment: 'fixed' },
    })
    // A risk's ticket: opened on risks/{risk_id}/tickets, noted by id, and its current one closed without an id.
    expect(ticketCall({ risk_id: 5, comment: 'patch' }).path).toBe('risks/5/tickets')
    expect(ticketNoteCall('risks/5', 'VIG-000008', 'soon')).toEqual({
      path: 'risks/5/tickets/VIG-000008',
      method: 'POST',
      body: { comment: 'soon' },
    })
    expect(closeTicketCall({ risk_id: 5, ticket_id: 'VIG-000008', comment: 'patched' })).toEqual({
      path: 'risks/5/tickets',
      method: 'DELETE',
      body: { comment: 'patched' },
    })
  })

  it('sends one bulk request per entity over the filter instead of one request per row', () => {
    const scope = { entity: 'resources' as const, advanced_filter: [['state', 'in', ['critical']]] as never, environment_ids: [7] }
    expect(bulkCall('add_acknowledgement', scope, { host_id: 0, host_name: 'All', comment: 'storm', persistent: false })).toEqual({
      path: 'bulk/acknowledgements',
      method: 'POST',
      body: {
        target: 'resources',
        advanced_filter: [['state', 'in', ['critical']]],
        environment_ids: [7],
        comment: 'storm',
        persistent: false,
      },
    })
    expect(
      bulkCall(
        'schedule_downtime',
        { entity: 'hosts', advanced_filter: [] },
        { host_id: 0, host_name: 'All', ...window, set_to_host_checkbox: true },
      ).body,
    ).toEqual({ target: 'hosts', advanced_filter: [], ...window, set_to_host_checkbox: true })
    expect(bulkCall('create_ticket', { entity: 'hosts', advanced_filter: [] }, { comment: 'c' }).path).toBe('bulk/tickets')
  })
})

describe('which rows an action may take (SPEC §4 multi-select, §6 rights)', () => {
  it('selects only unacknowledged problems with the right for tickets and acknowledgements', () => {
    expect(canSelectFor('create_ticket', hostRow())).toBe(true)
    expect(canSelectFor('create_ticket', hostRow({ state: 'up' }))).toBe(false)
    expect(canSelectFor('add_acknowledgement', hostRow({ acknowledged: true }))).toBe(false)
    expect(canSelectFor('add_acknowledgement', resourceRow({ allowed_actions: ['view_ticket'] }))).toBe(false)
  })

  it('selects any row for maintenance with schedule_downtime', () => {
    expect(canSelectFor('schedule_downtime', hostRow({ state: 'up' }))).toBe(true)
    expect(canSelectFor('schedule_downtime', hostRow({ allowed_actions: ['view_scheduled_downtime'] }))).toBe(false)
  })

  it('gives the host table a ticket and an acknowledgement button with their SPEC §6 and §4 reasons', () => {
    expect(ticketButton(hostRow({ tickets: ['VIG-1'] }))).toEqual({ action: 'view_ticket', disabled: false, reasonKey: null })
    expect(ticketButton(hostRow({ tickets: ['VIG-1'], allowed_actions: [] })).reasonKey).toBe('ui.actions.notAuthorized.viewTicket')
    expect(ticketButton(hostRow({ state: 'up' }))).toEqual({
      action: 'create_ticket',
      disabled: true,
      reasonKey: 'monitoring.actions.refused.ticketState',
    })
    expect(ticketButton(hostRow({ allowed_actions: [] })).reasonKey).toBe('monitoring.actions.notAuthorized.createTicket')
    expect(acknowledgementButton(hostRow({ acknowledged: true }))).toEqual({
      action: 'view_acknowledgement',
      disabled: false,
      reasonKey: null,
    })
    expect(acknowledgementButton(hostRow())).toEqual({ action: 'add_acknowledgement', disabled: false, reasonKey: null })
    expect(acknowledgementButton(hostRow({ state: 'up' })).reasonKey).toBe('monitoring.actions.refused.acknowledgeState')
    expect(acknowledgementButton(hostRow({ allowed_actions: [] })).reasonKey).toBe('monitoring.actions.notAuthorized.acknowledge')
  })
})
