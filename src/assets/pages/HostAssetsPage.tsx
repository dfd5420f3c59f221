import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import { NotFoundPage } from '../../app/shell'
import { LIST_LIMIT_MAX } from '../../shared/constants'
import { environmentFilterIds } from '../../shared/environment-filter'
import { TablePanel, type TableColumn } from '../../ui'
import { fetchAssetHosts, useAssetHosts, type AssetHost } from '../api'
import { hostAssetPath } from '../links'

/**
 * SPEC §2 /assets/(hosts): the hosts the person sees (narrowed by the environment filter) whose inventory has been
 * reported, each opening its asset detail; paged and sorted by the server as the host list is (SPEC §7).
 */
export function HostAssetsPage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const paging = usePagedRoute()
  const environments = environmentFilterIds(user)
  const query = { order: paging.order, environment_ids: environments.length ? environments.join(',') : undefined }
  const hosts = useAssetHosts({ ...query, ...paging.range })
  useTableShortcuts({ ...paging.table, total: hosts.data?.totalresults, reload: () => void hosts.refetch() })

  const columns = useMemo(
    (): TableColumn<AssetHost>[] => [
      {
        id: 'name',
        header: t('assets.hosts.columns.host'),
        sortable: true,
        sticky: 'name',
        csv: (h) => h.name,
        cell: (h) => <Link to={hostAssetPath(h.name)}>{h.name}</Link>,
      },
      { id: 'hosttype', header: t('assets.hosts.columns.hosttype'), sortable: true, csv: (h) => h.hosttype, cell: (h) => h.hosttype },
      {
        id: 'hostgroup_alias',
        header: t('assets.hosts.columns.environment'),
        sortable: true,
        csv: (h) => h.hostgroup_alias,
        cell: (h) => h.hostgroup_alias,
      },
      { id: 'ip_address', header: t('assets.hosts.columns.ip'), sortable: true, csv: (h) => h.ip_address ?? '', cell: (h) => h.ip_address },
    ],
    [t],
  )

  if (paging.notFound) return <NotFoundPage />
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('assets.hosts.title')}</h1>
      {environments.length > 0 && <p className="small text-body-secondary">{t('assets.software.environmentFiltered')}</p>}
      {hosts.isSuccess && hosts.data.totalresults === 0 && <p>{t('assets.hosts.empty')}</p>}
      <TablePanel
        title={t('assets.hosts.title')}
        rows={hosts.data?.result ?? []}
        getRowId={(h) => String(h.id)}
        columns={columns}
        total={hosts.data?.totalresults ?? 0}
        {...paging.table}
        loading={hosts.isFetching}
        emptyKind="records"
        fetchAllRows={async () => (await fetchAssetHosts({ ...query, limit: LIST_LIMIT_MAX, offset: 0 })).result}
      />
    </div>
  )
}
