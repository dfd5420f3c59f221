/**
 * The filter panel's columns of the maps list (SPEC §2 per-section custom filters): names as free text,
 * environment, layout and status as pickers, the last change as a date; each one the maps list allows
 * (src/server/store/maps.ts).
 */
import { MAP_STATUSES } from '../../../shared/api/maps'
import type { FilterColumn } from '../../../ui'

type Translate = (key: string) => string

/** SPEC §3 Layouts 0–3. */
const LAYOUTS = ['0', '1', '2', '3']

export function mapFilterColumns(t: Translate, environments: readonly string[]): FilterColumn[] {
  const named = [...new Set(environments)].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value }))
  return [
    { key: 'alias', label: t('maps.list.columns.map'), kind: 'text' },
    { key: 'description', label: t('maps.list.columns.description'), kind: 'text' },
    { key: 'tags', label: t('monitoring.columns.tags'), kind: 'text' },
    { key: 'hostgroup_alias', label: t('monitoring.columns.hostgroup_alias'), kind: 'enum', options: named },
    {
      key: 'layout',
      label: t('maps.list.columns.layout'),
      kind: 'integer',
      options: LAYOUTS.map((v) => ({ value: v, label: t(`maps.list.layouts.${v}`) })),
    },
    {
      key: 'status',
      label: t('maps.list.columns.status'),
      kind: 'enum',
      options: MAP_STATUSES.map((v) => ({ value: v, label: t(`maps.list.statuses.${v}`) })),
    },
    { key: 'updated_time', label: t('maps.list.columns.lastModified'), kind: 'date' },
  ]
}
