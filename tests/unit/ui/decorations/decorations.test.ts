import { describe, expect, it } from 'vitest'
import { handlingButton, maintenanceButton } from '../../../../src/ui/decorations/action-buttons'
import { ageParts, ageSeconds, isRecent } from '../../../../src/ui/decorations/age'
import { decoratedRowClass, decorationsOf, handlingDecoration, isGreyed, stateDecoration } from '../../../../src/ui/decorations/decorations'
import { stateName, stateVariant } from '../../../../src/ui/decorations/state'
import type { Action } from '../../../../src/shared/permissions'

const all: Action[] = [
  'view_ticket',
  'create_ticket',
  'view_acknowledgement',
  'add_acknowledgement',
  'schedule_downtime',
  'view_scheduled_downtime',
]

describe('decorations (SPEC §4)', () => {
  it('shows maintenance over stale over flapping', () => {
    expect(stateDecoration({ max_scheduled_downtime_depth: 1, is_stale: true, is_flapping: true })).toBe('maintenance')
    expect(stateDecoration({ max_scheduled_downtime_depth: 0, is_stale: true, is_flapping: true })).toBe('stale')
    expect(stateDecoration({ is_flapping: true })).toBe('flapping')
    expect(stateDecoration({ max_scheduled_downtime_depth: null })).toBeNull()
  })

  it('shows a ticket over an acknowledgement', () => {
    expect(handlingDecoration({ tickets: ['T-1'], acknowledged: true })).toBe('ticket')
    expect(handlingDecoration({ tickets: [], acknowledged: true })).toBe('acknowledgement')
    expect(handlingDecoration({ tickets: null })).toBeNull()
  })

  it('lists everything that applies for the tooltip, in the SPEC order', () => {
    expect(decorationsOf({ tickets: [1], acknowledged: true, is_flapping: true, is_stale: true, max_scheduled_downtime_depth: 2 })).toEqual(
      ['maintenance', 'stale', 'flapping', 'acknowledgement', 'ticket'],
    )
    expect(decorationsOf({ acknowledged: true, is_flapping: true })).toEqual(['flapping', 'acknowledgement'])
    expect(decorationsOf({})).toEqual([])
  })

  it('greys stale items only', () => {
    expect(isGreyed({ is_stale: true })).toBe(true)
    expect(isGreyed({ is_flapping: true })).toBe(false)
    expect(decoratedRowClass({ is_stale: true })).toBe('text-body-secondary')
    expect(decoratedRowClass({ is_stale: false })).toBeUndefined()
  })
})

describe('resource action button precedence (SPEC §4)', () => {
  it('1. a ticket exists: view ticket', () => {
    expect(handlingButton({ tickets: ['T-1'], acknowledged: true, allowed_actions: all })).toEqual({
      action: 'view_ticket',
      disabled: false,
      reasonKey: null,
    })
  })

  it('1. a ticket without the right to view it: a disabled view ticket saying not authorized', () => {
    expect(handlingButton({ tickets: ['T-1'], allowed_actions: ['create_ticket'] })).toEqual({
      action: 'view_ticket',
      disabled: true,
      reasonKey: 'ui.actions.notAuthorized.viewTicket',
    })
  })

  it('2. else a viewable acknowledgement: view acknowledgement', () => {
    expect(handlingButton({ acknowledged: true, allowed_actions: all }).action).toBe('view_acknowledgement')
  })

  it('3. else ticket creation allowed: create ticket (not when the ticket-allowed flag is off)', () => {
    expect(handlingButton({ acknowledged: false, allowed_actions: all }).action).toBe('create_ticket')
    expect(handlingButton({ acknowledged: true, allowed_actions: ['create_ticket'] }).action).toBe('create_ticket')
    expect(handlingButton({ allowed_actions: all, ticket_allowed: false }).action).toBe('add_acknowledgement')
  })

  it('4. else acknowledging allowed: add acknowledgement', () => {
    expect(handlingButton({ allowed_actions: ['add_acknowledgement'] }).action).toBe('add_acknowledgement')
  })

  it('5. else a disabled "not available"', () => {
    expect(handlingButton({ allowed_actions: [] })).toEqual({ action: null, disabled: true, reasonKey: 'ui.actions.notAvailable' })
    expect(handlingButton({})).toEqual({ action: null, disabled: true, reasonKey: 'ui.actions.notAvailable' })
  })
})

describe('maintenance button (SPEC §4, §6)', () => {
  it('views a viewable maintenance, else creates one', () => {
    expect(maintenanceButton({ max_scheduled_downtime_depth: 1, allowed_actions: all })).toEqual({
      action: 'view_scheduled_downtime',
      disabled: false,
      reasonKey: null,
    })
    expect(maintenanceButton({ max_scheduled_downtime_depth: 0, allowed_actions: all }).action).toBe('schedule_downtime')
    expect(maintenanceButton({ max_scheduled_downtime_depth: 1, allowed_actions: ['schedule_downtime'] }).action).toBe('schedule_downtime')
  })

  it('is disabled with "not authorized to schedule maintenance" without schedule permission', () => {
    const reason = 'ui.actions.notAuthorized.maintenance'
    expect(maintenanceButton({ max_scheduled_downtime_depth: 1, allowed_actions: ['view_scheduled_downtime'] })).toEqual({
      action: 'view_scheduled_downtime',
      disabled: true,
      reasonKey: reason,
    })
    expect(maintenanceButton({ allowed_actions: [] })).toEqual({ action: 'schedule_downtime', disabled: true, reasonKey: reason })
  })
})

describe('age (SPEC §2 bold under 600 s, SPEC §9 abbreviated wording)', () => {
  it('highlights ages under 600 seconds', () => {
    expect(isRecent(0)).toBe(true)
    expect(isRecent(599)).toBe(true)
    expect(isRecent(600)).toBe(false)
  })

  it('counts seconds since the change, never negative for a clock ahead', () => {
    expect(ageSeconds(1000, 1_600_000)).toBe(600)
    expect(ageSeconds(2000, 1_000_000)).toBe(0)
  })

  it('uses the two largest units, leaving out a zero second unit', () => {
    expect(ageParts(0)).toEqual([{ unit: 's', n: 0 }])
    expect(ageParts(45)).toEqual([{ unit: 's', n: 45 }])
    expect(ageParts(125)).toEqual([
      { unit: 'm', n: 2 },
      { unit: 's', n: 5 },
    ])
    expect(ageParts(7200)).toEqual([{ unit: 'h', n: 2 }])
    expect(ageParts(3 * 86400 + 4 * 3600 + 59)).toEqual([
      { unit: 'd', n: 3 },
      { unit: 'h', n: 4 },
    ])
    expect(ageParts(400 * 86400)).toEqual([
      { unit: 'y', n: 1 },
      { unit: 'd', n: 35 },
    ])
  })
})

describe('state badges (SPEC §4 HOST and RESOURCE)', () => {
  it('names wire numbers and shows a critical host as down', () => {
    expect([0, 1, 2].map((n) => stateName('host', n))).toEqual(['up', 'down', 'unreachable'])
    expect([0, 1, 2, 3].map((n) => stateName('resource', n))).toEqual(['ok', 'warning', 'critical', 'unknown'])
    expect(stateName('host', 'CRITICAL')).toBe('down')
    expect(stateName('resource', 'critical')).toBe('critical')
    expect(stateName('host', 9)).toBe('unknown')
  })

  it('colours states', () => {
    expect(['up', 'ok', 'warning', 'down', 'critical', 'unreachable', 'unknown', 'pending', 'offline', 'other'].map(stateVariant)).toEqual([
      'success',
      'success',
      'warning',
      'danger',
      'danger',
      'dark',
      'info',
      'secondary',
      'secondary',
      'secondary',
    ])
  })
})
