import { useTexts } from '../use-texts'
import { stateName, stateVariant, type StateKind } from './state'

export interface StateBadgeProps {
  kind: StateKind
  /** A SPEC §4 wire number or a state name (up, down, ok, critical, pending, offline, …). */
  state: number | string
  /** SPEC §4 "An event's state type is shown as HARD or SOFT". */
  stateType?: 'hard' | 'soft'
  /** SPEC §4 "State events show the state lowercased": the timeline's events; tables keep upper case. */
  lowercase?: boolean
}

/** A host or resource state in its colour (SPEC §4 HOST / RESOURCE). */
export function StateBadge({ kind, state, stateType, lowercase }: StateBadgeProps) {
  const t = useTexts()
  const name = stateName(kind, state)
  const label = t(`ui.states.${name}`, { defaultValue: name })
  return (
    <span className={`badge text-bg-${stateVariant(name)}${lowercase ? '' : ' text-uppercase'}`}>
      {lowercase ? label.toLocaleLowerCase() : label}
      {stateType && <span className="ms-1 fw-normal">{t(`ui.states.${stateType}`)}</span>}
    </span>
  )
}
