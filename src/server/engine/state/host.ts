/**
 * Host state from its host check and its parents (SPEC §3 Host state and parents, SPEC §4 HOST).
 * As Nagios Core treats host check results: exit 0 (OK) and 1 (WARNING) mean UP, 2 and 3 mean DOWN.
 * A DOWN host is UNREACHABLE when it has parents and every one of them is DOWN or UNREACHABLE: the
 * problem is upstream, not the host's. Pure.
 */
import type { HostState } from '../../../shared/enums'

/** up/down from a host check's exit status. */
export function hostStateFromCheck(status: number): 'up' | 'down' {
  return status <= 1 ? 'up' : 'down'
}

/** A host's state given its own check and its parents' (already resolved) states. */
export function reachability(own: HostState, parents: readonly HostState[]): HostState {
  if (own !== 'down' || parents.length === 0) return own
  return parents.every((p) => p === 'down' || p === 'unreachable') ? 'unreachable' : 'down'
}

export interface HostNode {
  /** from the host check: up, down or pending (never checked) */
  state: HostState
  /** SPEC §3 parents, by host name */
  parents: readonly string[]
}

/**
 * Every host's state with unreachable resolved through the parent chain. Parents missing from the
 * map are ignored; a parent met again around a cycle counts with its own check's state.
 */
export function resolveHostStates(hosts: ReadonlyMap<string, HostNode>): Map<string, HostState> {
  const resolved = new Map<string, HostState>()
  const visiting = new Set<string>()
  const resolve = (name: string): HostState => {
    const known = resolved.get(name)
    if (known) return known
    const node = hosts.get(name) as HostNode
    if (visiting.has(name)) return node.state
    visiting.add(name)
    const parents = node.parents.filter((p) => hosts.has(p)).map(resolve)
    visiting.delete(name)
    const state = reachability(node.state, parents)
    resolved.set(name, state)
    return state
  }
  for (const name of hosts.keys()) resolve(name)
  return resolved
}
