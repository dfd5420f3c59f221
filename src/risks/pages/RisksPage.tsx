import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { ListFilterBar, useListFilter, usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import { NotFoundPage } from '../../app/shell'
import { LIST_LIMIT_MAX } from '../../shared/constants'
import { environmentFilterIds } from '../../shared/environment-filter'
import { formatDateTime, TablePanel, type TableColumn } from '../../ui'
import { fetchRisks, useRiskList, type RiskRow } from '../api'
import { RiskDetail } from '../components/RiskDetail'
import { SeverityBadge } from '../components/SeverityBadge'
import { riskFilterColumns } from '../filter-columns'
import { environmentRisksPath, hostRisksPath } from '../links'
import { useOpenRisk } from '../use-open-risk'

const when = (unix: number) => formatDateTime(new Date(unix * 1000))

/**
 * SPEC §2 /risks: the risks of the environments the person sees, narrowed by the environment filter (SPEC §3
 * preferences.environmentFilter) as the monitoring lists are, and by the section's filter panel (location
 * `risks`, SPEC §2 per-section custom filters). The server sorts: `severity` by its SPEC §4 RISK number, so a
 * severity sort runs info → veryhigh, not alphabetically. Page, sort, filter and the open risk live in the route.
 */
export function RisksPage() {
  const { t } = useTranslation()
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('risks.list.title')}</h1>
      <RiskList />
    </div>
  )
}

/**
 * The risks table with its filter panel, paging, sorting and detail dialog. `hostId`: one host's risks (SPEC §2
 * host tab /monitoring/hosts/{hostname}/risks), whatever the environment filter says.
 */
export function RiskList({ hostId }: { hostId?: number }) {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const [openRisk, setOpenRisk] = useOpenRisk()
  const paging = usePagedRoute()
  const filterColumns = useMemo(() => riskFilterColumns(t, user?.allowed_environments.map((e) => e.alias) ?? []), [t, user])
  const filter = useListFilter('risks', filterColumns)
  const environments = hostId === undefined ? environmentFilterIds(user) : []
  const query = {
    order: paging.order,
    advanced_filter: filter.rules.length ? JSON.stringify(filter.rules) : undefined,
    hostgroup_id: environments.length ? environments.join(',') : undefined,
    host_id: hostId === undefined ? undefined : String(hostId),
  }
  const list = useRiskList({ ...query, ...paging.range })
  useTableShortcuts({ ...paging.table, total: list.data?.totalresults, reload: () => void list.refetch() })

  const columns = useMemo(
    (): TableColumn<RiskRow>[] => [
      {
        id: 'severity',
        header: t('risks.columns.severity'),
        sortable: true,
        sticky: 'state',
        csv: (r) => t(`risks.severities.${r.severity}`),
        cell: (r) => <SeverityBadge severity={r.severity} />,
      },
      {
        id: 'host_name',
        header: t('risks.columns.host'),
        sortable: true,
        sticky: 'name',
        csv: (r) => r.host_name,
        // A host the scan matched has a host page with a risks tab (SPEC §2 host tabs); an unmatched name has none.
        cell: (r) => (r.host_id === null ? r.host_name : <Link to={hostRisksPath(r.host_name)}>{r.host_name}</Link>),
      },
      {
        id: 'plugin_name',
        header: t('risks.columns.plugin'),
        sortable: true,
        csv: (r) => r.plugin_name,
        cell: (r) => (
          <button
            type="button"
            className="btn btn-link p-0 text-start"
            aria-label={t('risks.open', { plugin: r.plugin_name, host: r.host_name })}
            onClick={() => setOpenRisk(r.id)}
          >
            {r.plugin_name}
          </button>
        ),
      },
      {
        id: 'hostgroup_alias',
        header: t('risks.columns.environment'),
        sortable: true,
        csv: (r) => r.hostgroup_alias,
        cell: (r) => {
          const name = user?.allowed_environments.find((e) => e.id === r.hostgroup_id)?.name
          return name ? <Link to={environmentRisksPath(name)}>{r.hostgroup_alias}</Link> : r.hostgroup_alias
        },
      },
      {
        id: 'port',
        header: t('risks.columns.port'),
        sortable: true,
        csv: (r) => r.port,
        cell: (r) => (r.port ? t('risks.port', { port: r.port, protocol: r.protocol }) : t('risks.wholeHost')),
      },
      { id: 'cvss', header: t('risks.columns.cvss'), sortable: true, csv: (r) => r.cvss ?? '', cell: (r) => r.cvss ?? '' },
      {
        id: 'last_scan',
        header: t('risks.columns.lastScan'),
        sortable: true,
        className: 'text-nowrap',
        csv: (r) => when(r.last_scan),
        cell: (r) => when(r.last_scan),
      },
    ],
    [t, user, setOpenRisk],
  )

  if (paging.notFound) return <NotFoundPage variant="content" />
  return (
    <>
      {environments.length > 0 && <p className="small text-body-secondary">{t('risks.list.environmentFiltered')}</p>}
      <ListFilterBar list={filter} />
      <TablePanel
        title={t('risks.list.title')}
        rows={list.data?.result ?? []}
        getRowId={(r) => String(r.id)}
        columns={columns}
        total={list.data?.totalresults ?? 0}
        {...paging.table}
        loading={list.isFetching}
        // SPEC §2 "no risks found"; under an active filter the "no records" filter variant says why.
        emptyKind={filter.active ? 'records' : 'risks'}
        filterActive={filter.active}
        fetchAllRows={async () => (await fetchRisks({ ...query, limit: LIST_LIMIT_MAX, offset: 0 })).result}
      />
      {openRisk !== null && <RiskDetail id={openRisk} onClose={() => setOpenRisk(null)} />}
    </>
  )
}
