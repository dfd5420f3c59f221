import { describe, expect, it } from 'vitest'
import { hostStateFromCheck, resolveHostStates, type HostNode } from '../../../../src/server/engine/state'

// SPEC §3 Host parents; issue 3: unreachable follows the parents.
describe('host state', () => {
  it('maps host check results as Nagios does: OK and WARNING up, CRITICAL and UNKNOWN down', () => {
    expect([0, 1, 2, 3].map(hostStateFromCheck)).toEqual(['up', 'up', 'down', 'down'])
  })

  it('makes a down host unreachable when all its parents are down or unreachable', () => {
    const hosts = new Map<string, HostNode>([
      ['router', { state: 'down', parents: [] }],
      ['switch', { state: 'down', parents: ['router'] }],
      ['server', { state: 'down', parents: ['switch'] }],
      ['web', { state: 'up', parents: ['switch'] }],
    ])
    expect(Object.fromEntries(resolveHostStates(hosts))).toEqual({
      router: 'down',
      switch: 'unreachable',
      server: 'unreachable',
      web: 'up',
    })
  })

  it('keeps a host down when one of its parents is up, pending or unknown to us', () => {
    const hosts = new Map<string, HostNode>([
      ['a', { state: 'down', parents: [] }],
      ['b', { state: 'up', parents: [] }],
      ['p', { state: 'pending', parents: [] }],
      ['two-paths', { state: 'down', parents: ['a', 'b'] }],
      ['behind-pending', { state: 'down', parents: ['p'] }],
      ['orphan', { state: 'down', parents: ['gone'] }],
    ])
    const states = resolveHostStates(hosts)
    expect(states.get('two-paths')).toBe('down')
    expect(states.get('behind-pending')).toBe('down')
    expect(states.get('orphan')).toBe('down')
  })

  it('terminates on a parent cycle', () => {
    const hosts = new Map<string, HostNode>([
      ['x', { state: 'down', parents: ['y'] }],
      ['y', { state: 'down', parents: ['x'] }],
    ])
    expect(Object.fromEntries(resolveHostStates(hosts))).toEqual({ x: 'unreachable', y: 'unreachable' })
  })
})
