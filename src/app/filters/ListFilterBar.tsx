import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResolvedFilter } from '../../ui'
import { SectionFilterPanel } from './SectionFilterPanel'
import type { ListFilter } from './use-list-filter'

export interface FilterToggleProps {
  filter: ResolvedFilter
  active: boolean
  open: boolean
  onOpenChange(open: boolean): void
}

/** The filter button, marked while a filter is applied, and the name of the saved filter in force (issue 17). */
export function FilterToggle({ filter, active, open, onOpenChange }: FilterToggleProps) {
  const { t } = useTranslation()
  return (
    <>
      <button
        type="button"
        className={`btn btn-sm ${active ? 'btn-warning' : 'btn-outline-secondary'}`}
        aria-expanded={open}
        onClick={() => onOpenChange(!open)}
      >
        {t('monitoring.filters.toggle')}
      </button>
      {filter.name !== undefined && (
        <span className="badge text-bg-info" role="status">
          {t('monitoring.views.savedFilter', { name: filter.name })}
        </span>
      )}
    </>
  )
}

/** A list's filter button and, when open, its section's filter panel (SPEC §2). */
export function ListFilterBar({ list }: { list: ListFilter }) {
  const [open, setOpen] = useState(false)
  const notice = list.filter.notice
  // A link whose filter was not applied opens the panel, so the person reads why (SPEC §5 messages).
  useEffect(() => {
    if (notice) setOpen(true)
  }, [notice])
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <FilterToggle filter={list.filter} active={list.active} open={open} onOpenChange={setOpen} />
      </div>
      {open && (
        <SectionFilterPanel
          location={list.location}
          columns={list.columns}
          applied={list.filter.tuples}
          onApply={list.apply}
          enabled={list.enabled}
          onEnabledChange={list.setEnabled}
          notice={notice}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}
