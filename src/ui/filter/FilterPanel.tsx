import { useId, useReducer, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChipList, type Chip } from '../ChipList'
import { CopyLinkButton } from './CopyLinkButton'
import { RuleRow } from './RuleRow'
import {
  appliedFilter,
  canAddRule,
  canApply,
  draftsOf,
  initialRules,
  reduceRules,
  panelFilter,
  type DraftRule,
  type PanelNode,
  type RulesEvent,
  type RulesState,
} from './rules'
import type { SaveFilterInput, SavedFilterSummary } from './saved'
import { SavedFilterList } from './SavedFilterList'
import { SaveFilterDialog } from './SaveFilterDialog'
import type { FilterNotice } from './url'
import type { FilterColumn } from './values'

/** Saved filters of the screen's location (SPEC §2); the screen does the API calls. */
export interface SavedFiltersProps {
  filters: readonly SavedFilterSummary[] | undefined
  loading?: boolean
  /** SPEC §6 `user_read`: may save organization-wide. */
  canSaveOrganizationWide: boolean
  onSave(input: SaveFilterInput): Promise<unknown> | void
  onDelete?(filter: SavedFilterSummary): void
  /** Called after a saved filter was loaded and applied, e.g. to put `?filter={guid}` in the route. */
  onLoaded?(filter: SavedFilterSummary): void
}

export interface FilterPanelProps {
  columns: readonly FilterColumn[]
  /** The filter in force (from the route or a saved filter); the rows start from it and cancel returns to it. */
  applied: readonly PanelNode[]
  /** Apply, reset and load: the new filter, `[]` for none (SPEC §5 "A fully empty single rule means reset"). */
  onApply(filter: PanelNode[]): void
  /** SPEC §2 enable/disable toggle (the `custom_filter_{id}` preference of SPEC §7). */
  enabled: boolean
  onEnabledChange(enabled: boolean): void
  /** SPEC §2 quick filter chips (state filters, quick/event-type filters). */
  quickFilters?: readonly Chip[]
  onQuickFilterToggle?(key: string): void
  /** Why a linked or loaded filter was not applied (SPEC §5 messages); shown until applied over or closed. */
  notice?: FilterNotice | null
  saved?: SavedFiltersProps
  /** The page's address for the copy-URL action; the current one by default. */
  href?: string
  onClose(): void
}

/** The rows of a filter; none (and not parsed) when it does not fit the columns. */
function rowsOf(columns: readonly FilterColumn[], filter: readonly PanelNode[]): { drafts: DraftRule[]; parsed: boolean } {
  const drafts = draftsOf(columns, filter)
  return { drafts: drafts ?? [], parsed: drafts !== null }
}

/** SPEC §2 "Filter panel" over the rules state machine of rules.ts. */
export function FilterPanel(props: FilterPanelProps) {
  const { columns, applied, onApply, saved } = props
  const { t } = useTranslation()
  const titleId = useId()
  const [start] = useState(() => rowsOf(columns, applied))
  const reduce = (s: RulesState, e: RulesEvent) => reduceRules(columns, s, e)
  const [state, dispatch] = useReducer(reduce, undefined, () => reduce(initialRules(), { type: 'load', rules: start.drafts }))
  const [notice, setNotice] = useState<FilterNotice | null>(start.parsed ? (props.notice ?? null) : 'unparseable')
  const [outsideNotice, setOutsideNotice] = useState(props.notice ?? null)
  const [appliedKey, setAppliedKey] = useState(JSON.stringify(applied))
  const [saving, setSaving] = useState(false)
  const [listing, setListing] = useState(false)

  // A new filter from outside (navigation, a saved filter) replaces the rows.
  const key = JSON.stringify(applied)
  if (key !== appliedKey) {
    setAppliedKey(key)
    const next = rowsOf(columns, applied)
    dispatch({ type: 'load', rules: next.drafts })
    if (!next.parsed) setNotice('unparseable')
  }
  if ((props.notice ?? null) !== outsideNotice) {
    setOutsideNotice(props.notice ?? null)
    setNotice(props.notice ?? null)
  }

  const filter = appliedFilter(columns, state)
  const addable = canAddRule(columns, state)
  const applicable = canApply(columns, state)

  const apply = (next: PanelNode[]) => {
    setNotice(null)
    onApply(next)
  }
  const load = (summary: SavedFilterSummary) => {
    const loaded = panelFilter(summary.rules)
    const drafts = loaded && draftsOf(columns, loaded)
    setListing(false)
    if (!loaded || !drafts) return setNotice('notLoadable')
    dispatch({ type: 'load', rules: drafts })
    apply(loaded)
    saved?.onLoaded?.(summary)
  }

  return (
    <section className="card mb-3" aria-labelledby={titleId}>
      <header className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 id={titleId} className="h6 mb-0">
          {t('ui.filter.title')}
        </h2>
        <div className="form-check form-switch mb-0">
          <input
            id={`${titleId}-enabled`}
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={props.enabled}
            onChange={(e) => props.onEnabledChange(e.target.checked)}
          />
          <label htmlFor={`${titleId}-enabled`} className="form-check-label">
            {t('ui.filter.enabled')}
          </label>
        </div>
        {props.quickFilters && (
          <ChipList label={t('ui.filter.quickFilters')} chips={props.quickFilters} onToggle={props.onQuickFilterToggle} />
        )}
        <button type="button" className="btn-close ms-auto" aria-label={t('ui.filter.close')} onClick={props.onClose} />
      </header>
      <div className="card-body">
        {notice && (
          <div className="alert alert-warning alert-dismissible py-2" role="alert">
            {t(`ui.filter.notices.${notice}`)}
            <button type="button" className="btn-close" aria-label={t('ui.modal.close')} onClick={() => setNotice(null)} />
          </div>
        )}
        {state.message && (
          <div
            className={`alert alert-dismissible py-2 ${state.message === 'cantDeleteLast' ? 'alert-danger' : 'alert-info'}`}
            role="alert"
          >
            {t(`ui.filter.messages.${state.message}`)}
            <button
              type="button"
              className="btn-close"
              aria-label={t('ui.modal.close')}
              onClick={() => dispatch({ type: 'dismissMessage' })}
            />
          </div>
        )}
        <ol className="list-unstyled mb-2" aria-label={t('ui.filter.rules')}>
          {state.rules.map((rule, i) => (
            <RuleRow key={rule.id} rule={rule} position={i + 1} columns={columns} dispatch={dispatch} />
          ))}
        </ol>
        {saved && listing && <SavedFilterList filters={saved.filters} loading={saved.loading} onLoad={load} onDelete={saved.onDelete} />}
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={!addable}
            aria-describedby={addable || !state.touched ? undefined : `${titleId}-fill`}
            onClick={() => dispatch({ type: 'add' })}
          >
            {t('ui.filter.addRule')}
          </button>
          {!addable && state.touched && (
            <span id={`${titleId}-fill`} className="small text-body-secondary">
              {t('ui.filter.messages.fillAllRules')}
            </span>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              dispatch({ type: 'reset' })
              apply([])
            }}
          >
            {t('ui.filter.reset')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => dispatch({ type: 'load', rules: rowsOf(columns, applied).drafts })}
          >
            {t('ui.actions.cancel')}
          </button>
          {saved && (
            <button type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={listing} onClick={() => setListing(!listing)}>
              {t('ui.filter.load')}
            </button>
          )}
          {saved && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={!applicable || filter.length === 0}
              onClick={() => setSaving(true)}
            >
              {t('ui.filter.save')}
            </button>
          )}
          <CopyLinkButton filter={filter} href={props.href} />
          <button type="button" className="btn btn-sm btn-primary ms-auto" disabled={!applicable} onClick={() => apply(filter)}>
            {t('ui.filter.apply')}
          </button>
        </div>
      </div>
      {saved && saving && (
        <SaveFilterDialog
          rules={filter}
          canSaveOrganizationWide={saved.canSaveOrganizationWide}
          onSave={saved.onSave}
          onClose={() => setSaving(false)}
        />
      )}
    </section>
  )
}
