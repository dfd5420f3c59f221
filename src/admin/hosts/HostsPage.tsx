import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ListFilterBar, useListFilter } from '../../app/filters'
import { hostTypeCategory } from '../../shared/host-types'
import { HostTypeIcon } from '../../ui'
import { useAdminHosts, useOrganizationEnvironments, type AdminHostRow } from './api'
import { HostForm } from './HostForm'
import { HostChecks } from './HostChecks'
import { ConfigBackupSetup } from './ConfigBackupSetup'
import { AgentServices } from './AgentServices'
import { HOST_TYPES, isHostType } from '../../shared/host-types'
import { BulkBar } from './BulkBar'
import { AdminTabs } from '../components/AdminTabs'
import { hostFilterColumns } from '../components/filter-columns'
import { usePageOf } from '../components/page-of'

const PAGE_SIZE = 50
const SORTABLE = [
  ['name', 'name'],
  ['hosttype', 'hosttype'],
  ['environment', 'hostgroup_alias'],
] as const

/**
 * SPEC §2 /admin/{organization}/hosts: the organization's hosts, sorted and paged, with add, edit, bulk tags and
 * clusters; …/hosts/new opens the add form at once (the first-run "Add a host" on the monitoring screens).
 */
export function HostsPage() {
  const { t } = useTranslation()
  const { organization = '', contentActiveSubTab } = useParams()
  const [order, setOrder] = useState<{ column: string; desc: boolean }>({ column: 'name', desc: false })
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
  const [page, setPage] = usePageOf(filter.rules)
  const hosts = useAdminHosts({
    organization,
    rules: filter.rules,
    order: `${order.desc ? '-' : ''}${order.column}`,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  })
  const rows = hosts.data?.result ?? []
  const pages = Math.max(1, Math.ceil((hosts.data?.totalresults ?? 0) / PAGE_SIZE))
  const sortBy = (column: string) => setOrder((o) => ({ column, desc: o.column === column ? !o.desc : false }))

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
      {hosts.isPending && <p>{t('admin.hosts.loading')}</p>}
      {!hosts.isPending && rows.length === 0 && <p>{t('admin.hosts.empty')}</p>}
      {rows.length > 0 && (
        <table className="table table-sm table-hover">
          <thead>
            <tr>
              <th scope="col" />
              {SORTABLE.map(([label, column]) => (
                <th key={column} scope="col" aria-sort={order.column === column ? (order.desc ? 'descending' : 'ascending') : 'none'}>
                  <button type="button" className="btn btn-link p-0" onClick={() => sortBy(column)}>
                    {t(`admin.hosts.columns.${label}`)}
                  </button>
                </th>
              ))}
              <th scope="col">{t('admin.hosts.columns.address')}</th>
              <th scope="col">{t('admin.hosts.columns.tags')}</th>
              <th scope="col">{t('admin.hosts.columns.cluster')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((h) => (
              <tr key={h.id}>
                <td>
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={t('admin.hosts.select', { name: h.name })}
                    checked={selected.includes(h.id)}
                    onChange={(e) => setSelected(e.target.checked ? [...selected, h.id] : selected.filter((id) => id !== h.id))}
                  />
                </td>
                <td>
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
                </td>
                <td>
                  <span role="img" aria-label={h.hosttype || '?'} className="me-1">
                    <HostTypeIcon category={hostTypeCategory(h.hosttype)} />
                  </span>
                  {h.hosttype}
                </td>
                <td>{h.hostgroup_alias}</td>
                <td>{h.ip_address || h.hostname}</td>
                <td>{(h.tags ?? []).join(', ')}</td>
                <td>{h.cluster}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="d-flex gap-2 align-items-center">
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('admin.hosts.previous')}
        </button>
        <span>{t('admin.hosts.page', { page, pages })}</span>
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('admin.hosts.next')}
        </button>
      </nav>
    </div>
  )
}
