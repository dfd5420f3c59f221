import { useTexts } from '../../ui'
import { MULTI_ACTIONS, type BulkScope, type MultiAction } from '../actions/requests'
import { useCounts } from '../api'
import type { Entity } from '../problems'
import type { MultiSelect } from '../use-multi-select'
import { Dropdown } from './Dropdown'

export interface MultiSelectBarProps {
  multi: MultiSelect
  /** What the current filter matches, per entity, for "act on everything the filter matches". */
  scopes: readonly BulkScope[]
  refetchInterval: number | false
  /** Opens the action's panel for the selected rows. */
  onApply(action: MultiAction): void
  /** Opens the action's panel for everything the filter matches (one bulk request per entity), `count` rows. */
  onApplyAll(action: MultiAction, count: number): void
}

const total = (counts: Record<string, number> | undefined) => Object.values(counts ?? {}).reduce((a, b) => a + b, 0)

/**
 * The rows the scopes match, asked only while multi-select mode is on: it is shown nowhere else, and counted
 * here, its answers re-render this bar alone, not the screen's tables (issue 17, the alerts page's frames).
 */
function useMatching(scopes: readonly BulkScope[], active: boolean, refetchInterval: number | false) {
  const params = (entity: Entity) => {
    const scope = active ? scopes.find((s) => s.entity === entity) : undefined
    return scope ? { advanced_filter: scope.advanced_filter, environment_ids: scope.environment_ids?.join(',') } : null
  }
  const hosts = useCounts('hosts', 'state', params('hosts'), refetchInterval, true).data
  const resources = useCounts('resources', 'state', params('resources'), refetchInterval, true).data
  return total(hosts) + total(resources)
}

/** The toolbar entry of SPEC §4 multi-select mode: choose the action, then act on the selection or on all. */
export function MultiSelectBar({ multi, scopes, refetchInterval, onApply, onApplyAll }: MultiSelectBarProps) {
  const t = useTexts()
  const matching = useMatching(scopes, multi.action !== null, refetchInterval)
  if (multi.action === null) {
    return (
      <Dropdown
        label={t('monitoring.multi.start')}
        items={MULTI_ACTIONS.map((action) => ({
          key: action,
          label: t(`ui.actions.labels.${action}`),
          onSelect: () => multi.start(action),
        }))}
      />
    )
  }
  const action = multi.action
  return (
    <div role="group" aria-label={t('monitoring.multi.label')} className="d-flex flex-wrap align-items-center gap-2">
      <span className="small">{t('monitoring.multi.hint', { action: t(`ui.actions.labels.${action}`) })}</span>
      <button type="button" className="btn btn-sm btn-primary" disabled={multi.rows.length === 0} onClick={() => onApply(action)}>
        {t('monitoring.multi.apply', { action: t(`ui.actions.labels.${action}`), count: multi.rows.length })}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={matching === 0}
        onClick={() => onApplyAll(action, matching)}
      >
        {t('monitoring.multi.applyAll', { count: matching })}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={multi.stop}>
        {t('monitoring.multi.stop')}
      </button>
    </div>
  )
}
