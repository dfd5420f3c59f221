import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import type { HostSoftware } from '../../shared/api/software'
import { formatDateTime, TablePanel, type SortState, type TableColumn } from '../../ui'

const byColumn = (sort: SortState | null) => (a: HostSoftware, b: HostSoftware) => {
  const column = (sort?.column ?? 'name') as keyof HostSoftware
  const order = String(a[column] ?? '').localeCompare(String(b[column] ?? ''), undefined, { numeric: true }) || a.name.localeCompare(b.name)
  return sort?.desc ? -order : order
}

/**
 * A host's packages as its agent reported them: one answer (at most SOFTWARE_PER_HOST_MAX), so this tab sorts and
 * pages them itself, keeping page and sort in the route as every list does.
 */
export function HostPackages({ packages, loading }: { packages: HostSoftware[]; loading: boolean }) {
  const { t } = useTranslation()
  const paging = usePagedRoute()
  const sorted = useMemo(() => [...packages].sort(byColumn(paging.table.sort)), [packages, paging.table.sort])
  const { limit, offset } = paging.range
  useTableShortcuts({ ...paging.table, total: sorted.length })

  const columns = useMemo((): TableColumn<HostSoftware>[] => {
    const text = (key: 'name' | 'version' | 'vendor' | 'arch') => (p: HostSoftware) => p[key] ?? ''
    const column = (id: 'name' | 'version' | 'vendor' | 'arch') => ({
      id,
      header: t(`assets.host.packages.columns.${id}`),
      sortable: true,
      csv: text(id),
      cell: text(id),
    })
    return [
      { ...column('name'), sticky: 'name' as const },
      column('version'),
      column('vendor'),
      column('arch'),
      {
        id: 'updated_at',
        header: t('assets.host.packages.columns.reported'),
        sortable: true,
        className: 'text-nowrap',
        csv: (p) => formatDateTime(new Date(p.updated_at * 1000)),
        cell: (p) => formatDateTime(new Date(p.updated_at * 1000)),
      },
    ]
  }, [t])

  return (
    <TablePanel
      title={t('assets.host.packages.title')}
      rows={sorted.slice(offset, offset + limit)}
      getRowId={(p) => JSON.stringify([p.name, p.version])}
      columns={columns}
      total={sorted.length}
      {...paging.table}
      loading={loading}
      emptyKind="records"
      fetchAllRows={async () => sorted}
    />
  )
}
