/**
 * State names and badge colours of SPEC §4 (HOST: up, down, unreachable; RESOURCE: ok, warning, critical,
 * unknown; plus pending and offline of SPEC §3). "A host in critical state is shown as down."
 */
import { HOST, RESOURCE } from '../../shared/enums'

export type StateKind = 'host' | 'resource'

const HOST_BY_NUMBER = Object.fromEntries(Object.entries(HOST).map(([name, n]) => [n, name]))
const RESOURCE_BY_NUMBER = Object.fromEntries(Object.entries(RESOURCE).map(([name, n]) => [n, name]))

/** The state's name from a wire number or a name; unknown input is `unknown`. */
export function stateName(kind: StateKind, state: number | string): string {
  if (typeof state === 'number') return (kind === 'host' ? HOST_BY_NUMBER : RESOURCE_BY_NUMBER)[state] ?? 'unknown'
  const name = state.toLowerCase()
  return kind === 'host' && name === 'critical' ? 'down' : name
}

export type BadgeVariant = 'success' | 'warning' | 'danger' | 'info' | 'secondary' | 'dark'

const VARIANTS: Record<string, BadgeVariant> = {
  up: 'success',
  ok: 'success',
  warning: 'warning',
  down: 'danger',
  critical: 'danger',
  unreachable: 'dark',
  unknown: 'info',
  pending: 'secondary',
  offline: 'secondary',
}

export function stateVariant(name: string): BadgeVariant {
  return VARIANTS[name] ?? 'secondary'
}
