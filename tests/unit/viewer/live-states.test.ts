/** Live states of a map in the viewer (issue 7; SPEC §4 MAP, HOST_MAP_STATE, decorations; SPEC §3 use_hard_state). */
import { describe, expect, it } from 'vitest'
import type { MapObjectState, MapStates } from '../../../src/shared/api/maps'
import { emptyDocument, itemKinds, type MapDocument } from '../../../src/shared/maps'
import { HOST_MAP_STATE, MAP } from '../../../src/shared/enums'
import { environmentIdsOf, LiveStates } from '../../../src/viewer/live/live-states'
import { hostDelta as delta, objectState } from './object-state'

function doc(): MapDocument {
  const d = emptyDocument()
  d.items.a = itemKinds.host.defaults({ id: 'a', x: 0, y: 0, z: 1, host_id: 1, name: 'h1' })
  d.items.b = itemKinds.host.defaults({ id: 'b', x: 100, y: 0, z: 2, host_id: 2, name: 'h2' })
  d.items.r = itemKinds.rack.defaults({
    id: 'r',
    x: 200,
    y: 0,
    z: 3,
    units: 4,
    slots: [
      { u: 1, size: 1, host_id: 3, label: 'x' },
      { u: 2, size: 1, host_id: 4, label: 'y' },
    ],
  })
  d.items.e = itemKinds.environment.defaults({ id: 'e', x: 300, y: 0, z: 4, hostgroup_id: 9, name: 'env' })
  d.items.t = itemKinds.text.defaults({ id: 't', x: 0, y: 300, z: 5, text: 'hello' })
  return d
}

const states = (hosts: MapObjectState[]): MapStates => ({
  map_id: 5,
  version: 1,
  map_state: 0,
  hosts,
  resources: [],
  environments: { 9: MAP.warning },
  maps: {},
  bandwidth: {},
  time: 100,
})

const initial = () =>
  states([
    objectState(1, 'up'),
    objectState(2, 'up', { is_stale: true, scheduled_downtime_depth: 1 }),
    objectState(3, 'up'),
    objectState(4, 'up'),
  ])

describe('LiveStates', () => {
  it('starts from the server states: host states, decorations, rack parts, environment roll-up', () => {
    const live = new LiveStates(5, doc(), false, initial())
    expect(live.stateOf('a')).toMatchObject({ map_state: MAP.up, host_map_state: HOST_MAP_STATE.host_up, stale: false })
    expect(live.stateOf('b')).toMatchObject({ stale: true, in_maintenance: true })
    expect(live.stateOf('r')?.parts).toEqual({
      3: { map_state: MAP.up, host_map_state: HOST_MAP_STATE.host_up },
      4: { map_state: MAP.up, host_map_state: HOST_MAP_STATE.host_up },
    })
    expect(live.stateOf('e')).toMatchObject({ map_state: MAP.warning })
    expect(live.stateOf('t')).toBeUndefined()
    expect(live.mapState()).toBe(MAP.warning)
  })

  it('patches only the items bound to a changed host, and tells which', () => {
    const live = new LiveStates(5, doc(), false, initial())
    const heard: string[][] = []
    live.subscribe((changed) => heard.push([...changed]))
    const { changed } = live.apply([delta(1, 'down'), delta(4, 'down')])
    expect([...changed].sort()).toEqual(['a', 'r'])
    expect(heard).toEqual([[...changed]])
    expect(live.stateOf('a')?.map_state).toBe(MAP.down)
    expect(live.stateOf('r')).toMatchObject({ map_state: MAP.down, parts: { 4: { map_state: MAP.down } } })
    expect(live.mapState()).toBe(MAP.down)
    expect(live.objectOfItem('a')?.object.plugin_output).toBe('x')
  })

  it('leaves the fetched states as they came: a refetch compares against what the server said, not a patched copy', () => {
    const fetched = initial()
    const live = new LiveStates(5, doc(), false, fetched)
    live.apply([
      delta(1, 'down'),
      {
        kind: 'action',
        object: 'host',
        id: 2,
        host_id: 2,
        hostgroup_id: 1,
        acknowledged: true,
        scheduled_downtime_depth: 0,
        tickets: ['T-1'],
      },
    ])
    expect(fetched.hosts[0]).toMatchObject({ state: 'up', plugin_output: '' })
    expect(fetched.hosts[1]).toMatchObject({ acknowledged: false, scheduled_downtime_depth: 1, tickets: [] })
    expect(live.objectOfItem('a')?.object).toMatchObject({ state: 'down', plugin_output: 'x' })
    expect(live.stateOf('b')).toMatchObject({ acknowledged: true, in_maintenance: false, ticket: true })
  })

  it('tells an item whose host is gone (deleted or no longer visible) from one that stands for nothing (SPEC §8)', () => {
    const live = new LiveStates(5, doc(), false, states([objectState(1, 'up'), objectState(3, 'up'), objectState(4, 'up')]))
    expect(live.objectMissing('a')).toBe(false)
    expect(live.objectMissing('b')).toBe(true)
    // A rack of two slots and an environment are not one object; a text item is bound to nothing.
    expect(live.objectMissing('r')).toBe(false)
    expect(live.objectMissing('e')).toBe(false)
    expect(live.objectMissing('t')).toBe(false)
  })

  it('reports no change for a delta that changes nothing shown', () => {
    const live = new LiveStates(5, doc(), false, initial())
    expect(live.apply([delta(1, 'up')]).changed.size).toBe(0)
    expect(live.apply([delta(77, 'down')]).changed.size).toBe(0)
  })

  it('with use_hard_state, a soft change does not recolour the item until it turns hard (SPEC §3)', () => {
    const live = new LiveStates(5, doc(), true, initial())
    live.apply([delta(1, 'down', 'SOFT')])
    expect(live.stateOf('a')?.map_state).toBe(MAP.up)
    live.apply([delta(1, 'down', 'HARD')])
    expect(live.stateOf('a')?.map_state).toBe(MAP.down)
  })

  it('asks for a refetch when an environment item depends on the delta', () => {
    const live = new LiveStates(5, doc(), false, initial())
    expect(live.apply([delta(1, 'down')]).refetch).toBe(false)
    expect(live.apply([{ ...delta(1, 'up'), hostgroup_id: 9 }]).refetch).toBe(true)
    expect(environmentIdsOf(initial())).toEqual([1])
    // The feed topics of a map: each environment of its hosts and resources once, in order.
    expect(
      environmentIdsOf({
        hosts: [objectState(1, 'up', { hostgroup_id: 7 }), objectState(2, 'up')],
        resources: [objectState(3, 'ok', { hostgroup_id: 4 }), objectState(4, 'ok', { hostgroup_id: 7 })],
      }),
    ).toEqual([1, 4, 7])
  })

  it('greys an item that turns stale and keeps acknowledgements from action deltas', () => {
    const live = new LiveStates(5, doc(), false, initial())
    live.apply([delta(1, 'down', 'HARD', { is_stale: true })])
    expect(live.stateOf('a')).toMatchObject({ stale: true })
    live.apply([
      {
        kind: 'action',
        object: 'host',
        id: 1,
        host_id: 1,
        hostgroup_id: 1,
        acknowledged: true,
        scheduled_downtime_depth: 0,
        tickets: ['T-1'],
      },
    ])
    expect(live.stateOf('a')).toMatchObject({ acknowledged: true, ticket: true })
  })

  it('re-runs the roll-up of a nested map item when a host inside it changes, and knows where it leads', () => {
    const inner = emptyDocument()
    inner.items.x = itemKinds.host.defaults({ id: 'x', x: 0, y: 0, z: 1, host_id: 50, name: 'h50' })
    const outer = emptyDocument()
    outer.items.m = itemKinds.map.defaults({ id: 'm', x: 0, y: 0, z: 1, map_id: 7, name: 'inner' })
    const live = new LiveStates(5, outer, false, {
      ...states([objectState(50, 'up')]),
      maps: { 7: { document: inner, use_hard_state: false, name: 'inner', hostgroup_name: 'env' } },
    })
    expect(live.stateOf('m')?.map_state).toBe(MAP.up)
    expect([...live.apply([delta(50, 'down')]).changed]).toEqual(['m'])
    expect(live.stateOf('m')?.map_state).toBe(MAP.down)
    expect(live.nestedOf('m')).toEqual({ name: 'inner', hostgroup_name: 'env' })
  })

  it('a resource going CRITICAL turns its host item down, and the host item lists its resources worst first (issue 18)', () => {
    const resources = [
      objectState(31, 'ok', { host_id: 1, name: 'disk' }),
      objectState(32, 'warning', { host_id: 1, name: 'load' }),
      objectState(33, 'ok', { host_id: 3, name: 'fan' }),
    ]
    const live = new LiveStates(5, doc(), false, { ...initial(), resources })
    expect(live.stateOf('a')).toMatchObject({ map_state: MAP.warning, host_map_state: HOST_MAP_STATE.resource_warning })
    const { changed } = live.apply([{ ...delta(31, 'critical'), object: 'resource', host_id: 1, name: 'disk' }])
    expect([...changed]).toEqual(['a'])
    expect(live.stateOf('a')).toMatchObject({ map_state: MAP.down, host_map_state: HOST_MAP_STATE.resource_critical })
    expect(live.resourcesOfItem('a').map((r) => [r.name, r.state])).toEqual([
      ['disk', 'critical'],
      ['load', 'warning'],
    ])
    // A rack slot rolls up the same way, whether the rack has one slot or several.
    live.apply([{ ...delta(33, 'critical'), object: 'resource', host_id: 3, name: 'fan' }])
    expect(live.stateOf('r')).toMatchObject({ map_state: MAP.down, parts: { 3: { map_state: MAP.down } } })
  })
})
