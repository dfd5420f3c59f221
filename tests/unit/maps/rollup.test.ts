/** SPEC §4 MAP / HOST_MAP_STATE roll-up, shared by the server and the viewer. */
import { describe, expect, it } from 'vitest'
import {
  emptyDocument,
  itemKinds,
  MAX_MAP_DEPTH,
  rollupMap,
  rollupMapState,
  type MapDocument,
  type RollupSources,
} from '../../../src/shared/maps'
import { HOST_MAP_STATE, MAP } from '../../../src/shared/enums'

const at = (id: string) => ({ id, x: 0, y: 0, z: 1 })
const doc = (...items: MapDocument['items'][string][]): MapDocument => ({
  ...emptyDocument(),
  items: Object.fromEntries(items.map((i) => [i.id, i])),
})
const hostItem = (id: string, host_id: number) => itemKinds.host.defaults({ ...at(id), host_id })
const mapItem = (id: string, map_id: number) => itemKinds.map.defaults({ ...at(id), map_id })
const sources = (over: Partial<RollupSources> = {}): RollupSources => ({
  hosts: new Map(),
  resources: new Map(),
  resourcesOfHost: new Map(),
  environments: new Map(),
  maps: new Map(),
  ...over,
})

describe('map roll-up', () => {
  it('gives each bound item its state and the map the worst of them', () => {
    const d = doc(
      hostItem('a', 1),
      hostItem('b', 2),
      itemKinds.resource.defaults({ ...at('c'), resource_id: 3, host_id: 1 }),
      itemKinds.text.defaults(at('t')),
    )
    const r = rollupMap(
      d,
      false,
      sources({
        hosts: new Map([
          [1, { state: 'up' }],
          [2, { state: 'unreachable' }],
        ]),
        resources: new Map([[3, { state: 'warning' }]]),
      }),
    )
    expect(r.items.a).toEqual({ map_state: MAP.up, host_map_state: HOST_MAP_STATE.host_up })
    expect(r.items.c).toEqual({ map_state: MAP.warning, host_map_state: HOST_MAP_STATE.resource_warning })
    expect(r.items.t).toBeUndefined()
    expect(r.map_state).toBe(MAP.unreachable)
  })

  it('SPEC §4: a critical resource counts as down; a host the caller cannot see is nohost and does not worsen the map', () => {
    const d = doc(itemKinds.resource.defaults({ ...at('c'), resource_id: 3, host_id: 1 }), hostItem('gone', 99))
    const r = rollupMap(d, false, sources({ resources: new Map([[3, { state: 'critical' }]]) }))
    expect(r.items.c.map_state).toBe(MAP.down)
    expect(r.items.gone.map_state).toBe(MAP.nohost)
    expect(r.map_state).toBe(MAP.down)
    expect(rollupMap(emptyDocument(), false, sources()).map_state).toBe(MAP.nohost)
  })

  it('SPEC §3 use_hard_state: a soft problem does not colour a map that uses hard states', () => {
    const d = doc(hostItem('a', 1))
    const s = sources({ hosts: new Map([[1, { state: 'down', hard_state: 'up' }]]) })
    expect(rollupMap(d, false, s).map_state).toBe(MAP.down)
    expect(rollupMap(d, true, s).map_state).toBe(MAP.up)
  })

  it('a nested map shows the worst state of what it contains, recursively', () => {
    const leaf = doc(hostItem('x', 5))
    const middle = doc(mapItem('m', 30))
    const top = doc(mapItem('n', 20), hostItem('a', 1))
    const s = sources({
      hosts: new Map([
        [1, { state: 'up' }],
        [5, { state: 'down' }],
      ]),
      maps: new Map([
        [20, { document: middle, use_hard_state: false }],
        [30, { document: leaf, use_hard_state: false }],
      ]),
    })
    const r = rollupMap(top, false, s, [10])
    expect(r.items.n.map_state).toBe(MAP.down)
    expect(r.map_state).toBe(MAP.down)
    expect(r.recursion).toBe(false)
    // The server's roll-up of the map's state alone (no item states) agrees.
    expect(rollupMapState(top, false, s, [10])).toBe(MAP.down)
    expect(rollupMapState(leaf, false, s, [30])).toBe(MAP.down)
    expect(rollupMapState(doc(hostItem('a', 1)), false, s)).toBe(MAP.up)
  })

  it('SPEC §8 max_map_recursion: a cycle of maps is cut by the guard instead of looping', () => {
    const a = doc(mapItem('toB', 2), hostItem('h', 1))
    const b = doc(mapItem('toA', 1))
    const s = sources({
      hosts: new Map([[1, { state: 'down' }]]),
      maps: new Map([
        [1, { document: a, use_hard_state: false }],
        [2, { document: b, use_hard_state: false }],
      ]),
    })
    const r = rollupMap(a, false, s, [1])
    expect(r.recursion).toBe(true)
    expect(r.map_state).toBe(MAP.down)
  })

  it('stops following nested maps past MAX_MAP_DEPTH', () => {
    const maps = new Map<number, { document: MapDocument; use_hard_state: boolean }>()
    for (let id = 1; id <= MAX_MAP_DEPTH + 5; id++) maps.set(id, { document: doc(mapItem('next', id + 1)), use_hard_state: false })
    expect(rollupMap(maps.get(1)!.document, false, sources({ maps }), [1]).recursion).toBe(true)
  })

  it('a rack shows the worst of its slot hosts; an environment item shows the state given for it', () => {
    const rack = itemKinds.rack.defaults({
      ...at('r'),
      slots: [
        { u: 1, size: 1, host_id: 1, label: 'a' },
        { u: 2, size: 1, host_id: 2, label: 'b' },
      ],
    })
    const env = itemKinds.environment.defaults({ ...at('e'), hostgroup_id: 4 })
    const r = rollupMap(
      doc(rack, env),
      false,
      sources({
        hosts: new Map([
          [1, { state: 'up' }],
          [2, { state: 'down' }],
        ]),
        environments: new Map([[4, MAP.warning]]),
      }),
    )
    expect(r.items.r.map_state).toBe(MAP.down)
    expect(r.items.e.map_state).toBe(MAP.warning)
  })

  describe('roll-up order per item kind (SPEC §4 severity; issue 18)', () => {
    // Host 1 is up with resources 11–14; host 2 is down with a critical resource 21; host 3 is up with no resources.
    const s = (states: Record<number, string>, view?: MapDocument['view']) => ({
      view,
      sources: sources({
        hosts: new Map([
          [1, { state: 'up' }],
          [2, { state: 'down' }],
          [3, { state: 'up' }],
        ]),
        resources: new Map(Object.entries(states).map(([id, state]) => [Number(id), { state }])),
        resourcesOfHost: new Map([
          [1, [11, 12, 13, 14]],
          [2, [21]],
        ]),
      }),
    })
    const host = (states: Record<number, string>, id = 1, view?: MapDocument['view']) => {
      const { sources } = s(states, view)
      return rollupMap({ ...doc(hostItem('h', id)), view }, false, sources).items.h
    }

    it('a host item shows the worst of its host and its resources: ok < unknown < warning < critical', () => {
      expect(host({ 11: 'ok', 12: 'ok' })).toEqual({ map_state: MAP.up, host_map_state: HOST_MAP_STATE.host_up })
      expect(host({ 11: 'ok', 12: 'unknown' })).toEqual({ map_state: MAP.warning, host_map_state: HOST_MAP_STATE.resource_unknown })
      expect(host({ 11: 'warning', 12: 'unknown' })).toEqual({ map_state: MAP.warning, host_map_state: HOST_MAP_STATE.resource_warning })
      expect(host({ 11: 'unknown', 12: 'warning', 13: 'critical', 14: 'ok' })).toEqual({
        map_state: MAP.down,
        host_map_state: HOST_MAP_STATE.resource_critical,
      })
      // SPEC §4 "a host in critical state is shown as down": at the same MAP value the host's own state wins.
      expect(host({ 21: 'critical' }, 2)).toEqual({ map_state: MAP.down, host_map_state: HOST_MAP_STATE.host_down })
      expect(host({}, 3)).toEqual({ map_state: MAP.up, host_map_state: HOST_MAP_STATE.host_up })
    })

    it('with the map option host_only, a host item shows its host alone', () => {
      expect(host({ 11: 'critical' }, 1, { host_only: true })).toEqual({ map_state: MAP.up, host_map_state: HOST_MAP_STATE.host_up })
    })

    it('a resource item follows its own state only, in SPEC §4 order', () => {
      const order = ['ok', 'unknown', 'warning', 'critical'].map((state) => {
        const r = rollupMap(doc(itemKinds.resource.defaults({ ...at('r'), resource_id: 11, host_id: 1 })), false, s({ 11: state }).sources)
        return r.items.r
      })
      expect(order.map((i) => i.host_map_state)).toEqual([
        HOST_MAP_STATE.resource_ok,
        HOST_MAP_STATE.resource_unknown,
        HOST_MAP_STATE.resource_warning,
        HOST_MAP_STATE.resource_critical,
      ])
      expect(order.map((i) => i.map_state)).toEqual([MAP.up, MAP.warning, MAP.warning, MAP.down])
    })

    it('every rack slot rolls up as a host item, and the rack shows its worst slot, even with one slot', () => {
      const one = itemKinds.rack.defaults({ ...at('r'), slots: [{ u: 1, size: 1, host_id: 1, label: 'a' }] })
      const r1 = rollupMap(doc(one), false, s({ 11: 'warning' }).sources).items.r
      expect(r1.map_state).toBe(MAP.warning)
      expect(r1.parts).toEqual({ 1: { map_state: MAP.warning, host_map_state: HOST_MAP_STATE.resource_warning } })
      const two = itemKinds.rack.defaults({
        ...at('r'),
        slots: [
          { u: 1, size: 1, host_id: 1, label: 'a' },
          { u: 2, size: 1, host_id: 3, label: 'b' },
        ],
      })
      const r2 = rollupMap(doc(two), false, s({ 11: 'unknown', 12: 'critical' }).sources).items.r
      expect(r2).toMatchObject({ map_state: MAP.down, host_map_state: HOST_MAP_STATE.resource_critical })
      expect(r2.parts?.[3]).toEqual({ map_state: MAP.up, host_map_state: HOST_MAP_STATE.host_up })
      expect(rollupMap(doc(two), false, s({ 11: 'ok' }).sources, []).items.r.map_state).toBe(MAP.up)
    })

    it('a nested map item and the map show the worst of their items, host roll-ups included', () => {
      const inner = doc(hostItem('x', 1), hostItem('y', 3))
      const { sources: src } = s({ 11: 'warning' })
      const withInner = { ...src, maps: new Map([[7, { document: inner, use_hard_state: false }]]) }
      const r = rollupMap(doc(mapItem('m', 7), hostItem('z', 3)), false, withInner)
      expect(r.items.m.map_state).toBe(MAP.warning)
      expect(r.map_state).toBe(MAP.warning)
      // The nested map's own option counts for its items.
      const quiet = { ...src, maps: new Map([[7, { document: { ...inner, view: { host_only: true } }, use_hard_state: false }]]) }
      expect(rollupMap(doc(mapItem('m', 7)), false, quiet).items.m.map_state).toBe(MAP.up)
    })
  })
})
