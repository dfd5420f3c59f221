import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ListFilterBar, useListFilter, usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import { NotFoundPage } from '../../app/shell'
import { LIST_LIMIT_MAX } from '../../shared/constants'
import { hostTypeCategory } from '../../shared/host-types'
import { HostTypeIcon, TablePanel, type TableColumn } from '../../ui'
import { fetchAdminHosts, useAdminHosts, useOrganizationEnvironments, type AdminHostRow } from './api'
import { HostForm } from './HostForm'
import { HostChecks } from './HostChecks'
import { ConfigBackupSetup } from './ConfigBackupSetup'
import { AgentServices } from './AgentServices'
import { HOST_TYPES, isHostType } from '../../shared/host-types'
import { BulkBar } from './BulkBar'
import { HostCheckbox, HostSelectionContext } from './HostSelection'
import { AdminTabs } from '../components/AdminTabs'
import { hostFilterColumns } from '../components/filter-columns'

/**
 * SPEC §2 /admin/{organization}/hosts: the organization's hosts in the generic table panel (sort, page size,
 * pagination, CSV, filter indicator; page and sort in the route), with add, edit, bulk tags and clusters;
 * …/hosts/new opens the add form at once (the first-run "Add a host" on the monitoring screens).
 */
export function HostsPage() {
  const { t } = useTranslation()
  const { organization = '', contentActiveSubTab } = useParams()
  const [editing, setEditing] = useState<AdminHostRow | 'new' | null>(contentActiveSubTab === 'new' ? 'new' : null)
  const [shown, setShown] = useState<AdminHostRow | null>(null)
  const [selected, setSelected] = useState<number[]>([])
  const environmentPage = useOrganizationEnvironments(organization).data
  const environments = useMemo(() => environmentPage?.result ?? [], [environmentPage])
  const filterColumns = useMemo(
    () =>
      hostFilterColumns(
        t,
        environments.map((e) => e.alias),
      ),
    [t, environments],
  )
  const filter = useListFilter('admin', filterColumns)
  const paging = usePagedRoute()
  const query = { organization, rules: filter.rules, order: paging.order }
  const hosts = useAdminHosts({ ...query, ...paging.range })
  const total = hosts.data?.totalresults
  useTableShortcuts({ ...paging.table, total, reload: () => void hosts.refetch() })

  const columns = useMemo(
    (): TableColumn<AdminHostRow>[] => [
      {
        id: 'select',
        header: t('admin.hosts.columns.select'),
        cell: (h) => <HostCheckbox id={h.id} name={h.name} />,
      },
      {
        id: 'name',
        header: t('admin.hosts.columns.name'),
        sortable: true,
        csv: (h) => h.name,
        cell: (h) => (
          <button
            type="button"
            className="btn btn-link p-0"
            onClick={() => {
              setEditing(h)
              setShown(h)
            }}
          >
            {h.name}
          </button>
        ),
      },
      {
        id: 'hosttype',
        header: t('admin.hosts.columns.hosttype'),
        sortable: true,
        csv: (h) => h.hosttype,
        cell: (h) => (
          <>
            <span role="img" aria-label={h.hosttype || '?'} className="me-1">
              <HostTypeIcon category={hostTypeCategory(h.hosttype)} />
            </span>
            {h.hosttype}
          </>
        ),
      },
      {
        id: 'hostgroup_alias',
        header: t('admin.hosts.columns.environment'),
        sortable: true,
        csv: (h) => h.hostgroup_alias,
        cell: (h) => h.hostgroup_alias,
      },
      // The address is the IP or else the FQDN: two list columns, so it is not sorted by either.
      { id: 'address', header: t('admin.hosts.columns.address'), csv: address, cell: address },
      { id: 'tags', header: t('admin.hosts.columns.tags'), sortable: true, csv: tagText, cell: tagText },
      { id: 'cluster', header: t('admin.hosts.columns.cluster'), csv: (h) => h.cluster, cell: (h) => h.cluster },
    ],
    [t],
  )

  if (paging.notFound) return <NotFoundPage />
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('admin.hosts.title', { organization })}</h1>
      <AdminTabs organization={organization} />
      <div className="d-flex gap-2 mb-2">
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} disabled={!environments.length}>
          {t('admin.hosts.add')}
        </button>
        <Link className="btn btn-outline-primary" to={`/admin/${encodeURIComponent(organization)}/hosts/discover`}>
          {t('admin.hosts.discover')}
        </Link>
        <Link className="btn btn-outline-primary" to={`/admin/${encodeURIComponent(organization)}/hosts/import`}>
          {t('admin.hosts.importLink')}
        </Link>
      </div>
      {/* The form starts in the first environment, so it waits for them. */}
      {editing && environments.length > 0 && (
        <div className="border rounded p-3 mb-3">
          <HostForm
            environments={environments}
            host={editing === 'new' ? undefined : editing}
            onDone={(host) => {
              setEditing(null)
              setShown(host)
            }}
            onCancel={() => setEditing(null)}
            onDeleted={() => {
              setEditing(null)
              setShown(null)
              setSelected([])
            }}
          />
        </div>
      )}
      <ListFilterBar list={filter} />
      {shown && <HostChecks hostId={shown.id} hostName={shown.name} />}
      {shown && isHostType(shown.hosttype) && HOST_TYPES[shown.hosttype].config_backup && (
        <ConfigBackupSetup hostId={shown.id} hostName={shown.name} />
      )}
      {shown && (shown.access_method || (isHostType(shown.hosttype) ? HOST_TYPES[shown.hosttype].access_method : '')) === 'check_mk' && (
        <AgentServices hostId={shown.id} hostName={shown.name} />
      )}
      {selected.length > 0 && <BulkBar hostIds={selected} />}
      {/* An organization without hosts says so instead of an empty table (the first-run screens link here). */}
      {total === 0 && !filter.active ? (
        <p>{t('admin.hosts.empty')}</p>
      ) : (
        <HostSelectionContext.Provider value={{ selected, onChange: setSelected }}>
          <TablePanel
            title={t('admin.hosts.list')}
            rows={hosts.data?.result ?? []}
            getRowId={(h) => String(h.id)}
            columns={columns}
            total={total ?? 0}
            {...paging.table}
            loading={hosts.isFetching}
            filterActive={filter.active}
            fetchAllRows={async () => (await fetchAdminHosts({ ...query, limit: LIST_LIMIT_MAX, offset: 0 })).result}
            csvName={t('admin.hosts.title', { organization })}
          />
        </HostSelectionContext.Provider>
      )}
    </div>
  )
}

const address = (h: AdminHostRow) => h.ip_address || h.hostname
const tagText = (h: AdminHostRow) => (h.tags ?? []).join(', ')
