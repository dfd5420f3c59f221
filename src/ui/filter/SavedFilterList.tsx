import { useTranslation } from 'react-i18next'
import type { SavedFilterSummary } from './saved'

export interface SavedFilterListProps {
  filters: readonly SavedFilterSummary[] | undefined
  loading?: boolean
  onLoad(filter: SavedFilterSummary): void
  /** Shown per filter when given; the server decides whether the caller may delete it. */
  onDelete?(filter: SavedFilterSummary): void
}

/** The "load" list of saved filters, personal and organization-wide (SPEC §2). */
export function SavedFilterList({ filters, loading, onLoad, onDelete }: SavedFilterListProps) {
  const { t } = useTranslation()
  if (loading || !filters)
    return (
      <p className="small text-body-secondary mb-2" role="status">
        {t('ui.table.loading')}
      </p>
    )
  if (filters.length === 0) return <p className="small text-body-secondary mb-2">{t('ui.filter.saved.none')}</p>
  return (
    <ul className="list-group list-group-flush mb-2" aria-label={t('ui.filter.saved.listLabel')}>
      {filters.map((filter) => (
        <li key={filter.guid} className="list-group-item d-flex align-items-center gap-2 px-0">
          <button type="button" className="btn btn-link btn-sm p-0 text-start" onClick={() => onLoad(filter)}>
            {filter.name}
          </button>
          {filter.organization_id !== null && <span className="badge text-bg-info">{t('ui.filter.saved.organizationBadge')}</span>}
          {onDelete && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger ms-auto py-0"
              aria-label={t('ui.filter.saved.delete', { name: filter.name })}
              onClick={() => onDelete(filter)}
            >
              <span aria-hidden="true">✕</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
