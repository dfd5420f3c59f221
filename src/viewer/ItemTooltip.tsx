/**
 * The tooltip of a bound item under the pointer (issue 18): its state, output and, for a host, its resources'
 * counts. Plain DOM over the canvas, never in the way of the pointer; plugin output is text, never HTML.
 */
import { useTranslation } from 'react-i18next'
import { StateBadge } from '../ui'
import type { LiveStates } from './live/live-states'
import { HostResources } from './HostResources'

export interface HoverTarget {
  itemId: string
  x: number
  y: number
}

export function ItemTooltip({ target, live, label }: { target: HoverTarget; live: LiveStates; label: string }) {
  const { t } = useTranslation()
  const bound = live.objectOfItem(target.itemId)
  const state = live.stateOf(target.itemId)
  if (!bound && !state) return null
  return (
    <div
      role="tooltip"
      aria-label={t('maps.viewer.tooltip', { name: label })}
      className="card shadow-sm position-absolute small p-2"
      style={{ left: target.x + 14, top: target.y + 14, maxWidth: 360, zIndex: 9, pointerEvents: 'none' }}
    >
      <div className="d-flex align-items-center gap-2 mb-1">
        <strong className="text-truncate">{label}</strong>
        {bound ? <StateBadge kind={bound.kind} state={bound.object.state} /> : state && t(`maps.viewer.state.${state.map_state}`)}
      </div>
      {bound?.object.plugin_output && (
        <div className="text-break mb-1" style={{ maxHeight: '4.5em', overflow: 'hidden' }}>
          {bound.object.plugin_output}
        </div>
      )}
      <HostResources resources={live.resourcesOfItem(target.itemId)} outputs={false} />
    </div>
  )
}
