import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useParams } from 'react-router'
import { usePagedRoute } from '../../app/filters'
import type { HostSoftware } from '../../shared/api/software'
import { formatDateTime, TablePanel, type SortState, type TableColumn } from '../../ui'
import { useAssetHost, useHostSoftware } from '../api'
import { hostAssetPath, hostAssetsPath } from '../links'

/**
 * The SPEC §3 asset sections that hold data: the packages an agent reports. The other sections (CPU, BIOS,
 * services, …) join once something collects them; a tab of one of them shows the packages meanwhile.
 */
const SECTIONS = ['packages'] as const

const byColumn = (sort: SortState | null) => (a: HostSoftware, b: HostSoftware) => {
  const column = (sort?.column ?? 'name') as keyof HostSoftware
  const order = String(a[column] ?? '').localeCompare(String(b[column] ?? ''), undefined, { numeric: true }) || a.name.localeCompare(b.name)
  return sort?.desc ? -order : order
}

/**
 * SPEC §2 /assets/{hostname}/{tab?}: one host's asset detail, a tab per asset section with data. The packages are
 * one answer (at most SOFTWARE_PER_HOST_MAX), so this page sorts and pages them itself, keeping page and sort in
 * the route as every list does. A host without asset data says so.
 */
export function HostAssetPage() {
  const { t } = useTranslation()
  const { hostname = '' } = useParams()
  const paging = usePagedRoute()
  const host = useAssetHost(hostname)
  const withData = host.data?.has_asset_data ? host.data : undefined
  const software = useHostSoftware(withData?.id)
  const sorted = useMemo(() => [...(software.data?.result ?? [])].sort(byColumn(paging.table.sort)), [software.data, paging.table.sort])
  const { limit, offset } = paging.range

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
    <div className="container-fluid py-3">
      <p className="mb-2">
        <Link to={hostAssetsPath}>{t('assets.host.back')}</Link>
      </p>
      <h1 className="h4">{hostname}</h1>
      {host.isSuccess && !withData ? (
        <p role="status">{t('assets.host.noData', { host: hostname })}</p>
      ) : (
        <>
          <nav aria-label={t('assets.host.sections')}>
            <ul className="nav nav-tabs mb-3">
              {SECTIONS.map((s) => (
                <li key={s} className="nav-item">
                  <NavLink className="nav-link active" aria-current="page" to={hostAssetPath(hostname, s)}>
                    {t(`assets.host.${s}.title`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <TablePanel
            title={t('assets.host.packages.title')}
            rows={sorted.slice(offset, offset + limit)}
            getRowId={(p) => JSON.stringify([p.name, p.version])}
            columns={columns}
            total={sorted.length}
            {...paging.table}
            loading={software.isFetching}
            emptyKind="records"
            fetchAllRows={async () => sorted}
          />
        </>
      )}
    </div>
  )
}
