import type { MapObjectState } from '../../../src/shared/api/maps'
import type { StateDelta } from '../../../src/shared/feed'

/** A host's or resource's live state as GET maps/:id/states sends it: object `id` of host `h<id>`, hard, in environment 1. */
export const objectState = (id: number, state: string, extra: Partial<MapObjectState> = {}): MapObjectState => ({
  id,
  name: `o${id}`,
  host_id: id,
  host_name: `h${id}`,
  hostgroup_id: 1,
  state,
  hard_state: state,
  state_type: 'HARD',
  plugin_output: '',
  last_check: 1,
  last_state_change: 1,
  is_flapping: false,
  is_stale: false,
  acknowledged: false,
  scheduled_downtime_depth: 0,
  tickets: [],
  ...extra,
})

/** A feed's state delta of host `h<id>` (object `id`), in environment 1. */
export const hostDelta = (id: number, state: string, state_type = 'HARD', extra: Partial<StateDelta> = {}): StateDelta => ({
  kind: 'state',
  object: 'host',
  id,
  host_id: id,
  hostgroup_id: 1,
  name: `h${id}`,
  host_name: `h${id}`,
  state,
  state_type,
  current_attempt: 1,
  plugin_output: 'x',
  last_check: 200,
  next_check: null,
  last_state_change: 200,
  is_flapping: false,
  is_stale: false,
  ...extra,
})
