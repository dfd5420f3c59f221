/** Saved filters and the filter panel of every section's lists (SPEC §2 per-section custom filters). */
export { savedFilterKeys, useDeleteFilter, useSaveFilter, useSavedFilter, useSavedFilters } from './api'
export { FilterToggle, ListFilterBar } from './ListFilterBar'
export { SectionFilterPanel } from './SectionFilterPanel'
export { useListFilter, type ListFilter } from './use-list-filter'
export { usePagedRoute } from './use-paged-route'
