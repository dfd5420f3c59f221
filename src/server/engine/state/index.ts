/** Pure state rules of the engine: soft/hard, flapping, staleness, host reachability. */
export {
  applyResult,
  PENDING_STATE,
  type CheckSchedule,
  type CheckState,
  type StateChange,
  type StateType,
  type Transition,
} from './soft-hard'
export {
  FLAP_HISTORY_SIZE,
  FLAP_THRESHOLDS,
  NOT_FLAPPING,
  percentStateChange,
  updateFlapping,
  type FlapState,
  type FlapThresholds,
  type FlapUpdate,
} from './flapping'
export { isStale, staleAt, type FreshnessInput } from './staleness'
export { hostStateFromCheck, reachability, resolveHostStates, type HostNode } from './host'
