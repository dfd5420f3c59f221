// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { changedState, needsRefresh, patchPage, patchPageWith, patchRow, refreshScopeOf } from '../../../src/monitoring/feed'
import type { ActionDelta, StateDelta } from '../../../src/shared/feed'
import { hostRow, resourceRow } from './rows'

const stateDelta = (over: Partial<StateDelta> = {}): StateDelta => ({
  kind: 'state',
  object: 'resource',
  id: 11,
  host_id: 1,
  hostgroup_id: 7,
  name: 'disk /',
  host_name: 'web-01',
  state: 'ok',
  state_type: 'HARD',
  current_attempt: 1,
  plugin_output: 'DISK OK',
  last_check: 1_700_000_200,
  next_check: 1_700_000_260,
  last_state_change: 1_700_000_200,
  is_flapping: false,
  is_stale: false,
  ...over,
})
const actionDelta = (over: Partial<ActionDelta> = {}): ActionDelta => ({
  kind: 'action',
  object: 'host',
  id: 1,
  host_id: 1,
  hostgroup_id: 7,
  acknowledged: true,
  scheduled_downtime_depth: 1,
  tickets: ['VIG-000001'],
  ...over,
})

describe('live table updates from the feed (DESIGN.md data flow 3, issue 4 "Live")', () => {
  it('patches the row a state delta is about with the SPEC §3 fields, and no other row', () => {
    const resource = resourceRow()
    const patched = patchRow(resource, stateDelta())
    expect(patched).toMatchObject({ state: 'ok', plugin_output: 'DISK OK', last_check: 1_700_000_200, last_state_change: 1_700_000_200 })
    // A host with the same id is another object.
    const host = hostRow({ id: 11 })
    expect(patchRow(host, stateDelta())).toBe(host)
  })

  it('patches an action delta into acknowledged, tickets and the maintenance depth of each entity', () => {
    expect(patchRow(hostRow(), actionDelta())).toMatchObject({
      acknowledged: true,
      tickets: ['VIG-000001'],
      max_scheduled_downtime_depth: 1,
    })
    expect(patchRow(resourceRow(), actionDelta({ object: 'resource', id: 11 }))).toMatchObject({
      acknowledged: true,
      scheduled_downtime_depth: 1,
    })
  })

  it('patches a page in place and keeps the very same page when the row is not on it', () => {
    const page = { result: [hostRow(), resourceRow()], totalresults: 2 }
    const hit = patchPage(page, stateDelta())
    expect(hit.found).toBe(true)
    expect(hit.stateChanged).toBe(true)
    expect(hit.data.result[0]).toBe(page.result[0])
    expect(hit.data.result[1].state).toBe('ok')
    const miss = patchPage(page, stateDelta({ id: 99 }))
    expect(miss).toEqual({ data: page, found: false, stateChanged: false })
  })

  it('applies a batch of deltas in the order they came, so the last one wins', () => {
    const page = { result: [hostRow(), resourceRow()], totalresults: 2 }
    const { data, outcomes } = patchPageWith(page, [
      stateDelta({ plugin_output: 'first' }),
      stateDelta({ id: 99 }),
      stateDelta({ state: 'warning', plugin_output: 'second' }),
    ])
    expect(data.result[1]).toMatchObject({ state: 'warning', plugin_output: 'second' })
    expect(outcomes.map((o) => o.found)).toEqual([true, false, true])
  })

  it('refreshes the tables only when rows may move: a state change or an action, not a repeated result', () => {
    const repeated = stateDelta({ state: 'critical', last_state_change: 1_700_000_000 })
    expect(changedState(repeated)).toBe(false)
    expect(needsRefresh(repeated, { found: true, stateChanged: false })).toBe(false)
    expect(needsRefresh(repeated, { found: false, stateChanged: false })).toBe(false)
    expect(needsRefresh(stateDelta(), { found: false, stateChanged: false })).toBe(true)
    expect(needsRefresh(stateDelta(), { found: true, stateChanged: true })).toBe(true)
    expect(needsRefresh(actionDelta(), { found: true, stateChanged: false })).toBe(true)
  })

  it('asks only the resource tables again after a resource state change; a host change or an action asks all', () => {
    expect(refreshScopeOf(stateDelta())).toBe('resources')
    expect(refreshScopeOf(stateDelta({ object: 'host' }))).toBe('all')
    expect(refreshScopeOf(actionDelta())).toBe('all')
  })
})
