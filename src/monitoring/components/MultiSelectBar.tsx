import { useTexts } from '../../ui'
import { MULTI_ACTIONS, type MultiAction } from '../actions/requests'
import type { MultiSelect } from '../use-multi-select'
import { Dropdown } from './Dropdown'

export interface MultiSelectBarProps {
  multi: MultiSelect
  /** Rows the current filter matches, for "act on everything the filter matches". */
  matching: number
  /** Opens the action's panel for the selected rows. */
  onApply(action: MultiAction): void
  /** Opens the action's panel for everything the filter matches (one bulk request per entity). */
  onApplyAll(action: MultiAction): void
}

/** The toolbar entry of SPEC §4 multi-select mode: choose the action, then act on the selection or on all. */
export function MultiSelectBar({ multi, matching, onApply, onApplyAll }: MultiSelectBarProps) {
  const t = useTexts()
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
      <button type="button" className="btn btn-sm btn-outline-primary" disabled={matching === 0} onClick={() => onApplyAll(action)}>
        {t('monitoring.multi.applyAll', { count: matching })}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={multi.stop}>
        {t('monitoring.multi.stop')}
      </button>
    </div>
  )
}
