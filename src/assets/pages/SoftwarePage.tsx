import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import { NotFoundPage } from '../../app/shell'
import { LIST_LIMIT_MAX } from '../../shared/constants'
import { environmentFilterIds } from '../../shared/environment-filter'
import { SOFTWARE_ORDERS, type PackageSummary, type SoftwarePageQuery } from '../../shared/api/software'
import { TablePanel, type TableColumn } from '../../ui'
import { fetchSoftware, useSoftware, type SoftwarePageParams } from '../api'
import { packagePath } from '../links'

/** A row of the table: a package on the hosts of one host type. */
interface PackageRow extends PackageSummary {
  hosttype: string
}

const rowsOf = (groups: { hosttype: string; result: PackageSummary[] }[]): PackageRow[] =>
  groups.flatMap((g) => g.result.map((p) => ({ ...p, hosttype: g.hosttype })))

const isOrder = (order: string | undefined): order is NonNullable<SoftwarePageQuery['order']> =>
  (SOFTWARE_ORDERS as readonly (string | undefined)[]).includes(order)

/**
 * SPEC §2 /assets/software: the software of the hosts the person sees (narrowed by the environment filter, SPEC §3
 * preferences.environmentFilter), grouped by host type as the server pages it (SPEC §7 grouped list): one row per
 * package and host type, with how many hosts have it and each version's count. A package opens its detail.
 */
export function SoftwarePage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const paging = usePagedRoute()
  const environments = environmentFilterIds(user)
  const query = {
    environment_ids: environments.length ? environments.join(',') : undefined,
    // The server sorts within each host type; a column it cannot sort by is not offered.
    order: isOrder(paging.order) ? paging.order : undefined,
  }
  const params: SoftwarePageParams = { ...query, ...paging.range }
  const software = useSoftware(params)
  const groups = software.data?.result ?? []
  const total = groups.reduce((n, g) => n + g.totalresults, 0)
  useTableShortcuts({ ...paging.table, total: software.data && total, reload: () => void software.refetch() })

  const columns = useMemo((): TableColumn<PackageRow>[] => {
    // One line of text, the same in the table and the CSV.
    const versionsText = (p: PackageRow) =>
      p.versions
        .map((v) => t('assets.software.version', { version: v.version || t('assets.software.noVersion'), count: v.host_count }))
        .join(', ')
    return [
      { id: 'hosttype', header: t('assets.software.columns.hosttype'), csv: (p) => p.hosttype, cell: (p) => p.hosttype },
      {
        id: 'name',
        header: t('assets.software.columns.package'),
        sortable: true,
        sticky: 'name',
        csv: (p) => p.name,
        cell: (p) => (
          <Link to={packagePath(p.hosttype, p.name)} aria-label={t('assets.software.open', { package: p.name, hosttype: p.hosttype })}>
            {p.name}
          </Link>
        ),
      },
      {
        id: 'host_count',
        header: t('assets.software.columns.hosts'),
        sortable: true,
        className: 'text-end',
        csv: (p) => p.host_count,
        cell: (p) => p.host_count,
      },
      {
        id: 'versions',
        header: t('assets.software.columns.versions'),
        csv: versionsText,
        cell: versionsText,
      },
    ]
  }, [t])

  if (paging.notFound) return <NotFoundPage />
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('assets.software.title')}</h1>
      {environments.length > 0 && <p className="small text-body-secondary">{t('assets.software.environmentFiltered')}</p>}
      {software.isSuccess && total === 0 && <p>{t('assets.software.empty')}</p>}
      <TablePanel
        title={t('assets.software.title')}
        rows={rowsOf(groups)}
        getRowId={(p) => JSON.stringify([p.hosttype, p.name])}
        columns={columns}
        total={total}
        {...paging.table}
        loading={software.isFetching}
        emptyKind="records"
        fetchAllRows={async () => rowsOf((await fetchSoftware({ ...query, limit: LIST_LIMIT_MAX, offset: 0 })).result)}
      />
    </div>
  )
}
