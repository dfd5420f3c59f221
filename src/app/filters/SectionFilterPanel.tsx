import { useTranslation } from 'react-i18next'
import type { FilterLocation } from '../../shared/api/filters'
import { FilterPanel, filterKeys, panelFilter, type FilterPanelProps, type PanelNode, type SaveFilterInput } from '../../ui'
import { useCurrentUser } from '../api'
import { showMessage } from '../shell'
import { useDeleteFilter, useSaveFilter, useSavedFilters } from './api'

export interface SectionFilterPanelProps extends Omit<FilterPanelProps, 'saved' | 'onApply'> {
  location: FilterLocation
  /** A new filter, or a saved filter's guid once it is saved or loaded (`?filter={guid}`, SPEC §2). */
  onApply(filter: PanelNode[] | string): void
}

/**
 * SPEC §2 filter panel of a section with its saved filters (personal, or organization-wide with user_read,
 * SPEC §6). Only saved filters on the section's columns are offered: sections sharing a location (the admin
 * lists) each list those they can apply.
 */
export function SectionFilterPanel({ location, onApply, ...panel }: SectionFilterPanelProps) {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const saved = useSavedFilters(location, true)
  const saveFilter = useSaveFilter()
  const deleteFilter = useDeleteFilter()
  const keys = panel.columns.map((c) => c.key)
  const fits = (rules: Parameters<typeof panelFilter>[0]) => {
    const filter = panelFilter(rules)
    return filter !== null && filterKeys(filter).every((key) => keys.includes(key))
  }
  const ownOrganization = user?.allowed_organizations.find((o) => o.id === user.organization.id)
  const save = async (input: SaveFilterInput) => {
    const created = await saveFilter.mutateAsync({ ...input, location })
    showMessage({ variant: 'success', text: t('monitoring.filters.saved', { name: created.name }) })
    onApply(created.guid)
  }
  return (
    <FilterPanel
      {...panel}
      onApply={onApply}
      saved={{
        filters: saved.data?.result.filter((f) => fits(f.rules)),
        loading: saved.isPending,
        canSaveOrganizationWide: ownOrganization?.allowed_actions.includes('user_read') ?? false,
        onSave: save,
        onDelete: (f) => deleteFilter.mutate(f.guid),
        onLoaded: (f) => onApply(f.guid),
      }}
    />
  )
}
