import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { useEnvironments, useOrganizations, type Organization } from '../api'
import { OrganizationForm } from '../components/OrganizationForm'
import { DeleteOrganization } from '../components/DeleteOrganization'
import { toDateInput } from '../components/date-input'

/** A contract ending within this many days is marked "expires soon". */
const EXPIRING_SOON_DAYS = 30

type Editing = { kind: 'new' } | { kind: 'edit' | 'delete'; organization: Organization } | null

/** SPEC §2 /admin: the organization tree (MSP → customers) with its counts and contract dates. */
export function OverviewPage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const organizations = useOrganizations()
  const environments = useEnvironments(null)
  const [editing, setEditing] = useState<Editing>(null)
  const all = organizations.data ?? []
  const envCount = (id: number) => (environments.data ?? []).filter((e) => e.organization_id === id).length
  const ids = new Set(all.map((o) => o.id))
  const roots = all.filter((o) => o.msp_parent_id === null || !ids.has(o.msp_parent_id))
  const childrenOf = (id: number) => all.filter((o) => o.msp_parent_id === id)
  const now = Date.now() / 1000
  const contract = (o: Organization) => {
    if (!o.contract_expiration) return null
    const mark = o.contract_expiration < now ? 'expired' : o.contract_expiration < now + EXPIRING_SOON_DAYS * 86400 ? 'expiringSoon' : null
    return (
      <>
        {toDateInput(o.contract_expiration)}{' '}
        {mark && (
          <span className={`badge ${mark === 'expired' ? 'text-bg-danger' : 'text-bg-warning'}`}>{t(`admin.overview.${mark}`)}</span>
        )}
      </>
    )
  }
  const rows = (list: Organization[], depth: number): React.ReactNode[] =>
    list.flatMap((o) => [
      <tr key={o.id} data-organization={o.name}>
        <td style={{ paddingLeft: `${depth * 1.5 + 0.5}rem` }}>
          <Link to={`/admin/${encodeURIComponent(o.name)}/environments`}>{o.alias}</Link>
        </td>
        <td>
          <Link to={`/admin/${encodeURIComponent(o.name)}/users`}>{o.users}</Link>
        </td>
        <td>{envCount(o.id)}</td>
        <td>{o.hosts}</td>
        <td>{o.resources}</td>
        <td>{contract(o)}</td>
        <td>{toDateInput(o.customer_since)}</td>
        <td className="text-nowrap">
          <Link className="btn btn-sm btn-link" to={`/admin/${encodeURIComponent(o.name)}/timeline`}>
            {t('admin.overview.timeline')}
          </Link>
          <button type="button" className="btn btn-sm btn-link" onClick={() => setEditing({ kind: 'edit', organization: o })}>
            {t('admin.common.edit')}
          </button>
          <button type="button" className="btn btn-sm btn-link text-danger" onClick={() => setEditing({ kind: 'delete', organization: o })}>
            {t('admin.common.delete')}
          </button>
        </td>
      </tr>,
      ...rows(childrenOf(o.id), depth + 1),
    ])
  return (
    <section className="container-fluid py-3">
      <div className="d-flex align-items-baseline mb-3">
        <h1 className="h4 me-auto">{t('admin.overview.title')}</h1>
        {user?.server_admin && (
          <Link className="btn btn-link" to="/admin/probes">
            {t('admin.screens.probes')}
          </Link>
        )}
        {user?.server_admin && (
          <Link className="btn btn-link" to="/admin/client-reports">
            {t('admin.screens.clientReports')}
          </Link>
        )}
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })}>
          {t('admin.overview.add')}
        </button>
      </div>
      {editing?.kind === 'delete' ? (
        <DeleteOrganization key={editing.organization.id} organization={editing.organization} onDone={() => setEditing(null)} />
      ) : editing ? (
        <OrganizationForm
          key={editing.kind === 'edit' ? editing.organization.id : 'new'}
          organization={editing.kind === 'edit' ? editing.organization : undefined}
          organizations={all}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {organizations.isLoading ? (
        <p>{t('admin.common.loading')}</p>
      ) : (
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th>{t('admin.common.name')}</th>
              <th>{t('admin.overview.users')}</th>
              <th>{t('admin.overview.environments')}</th>
              <th>{t('admin.overview.hosts')}</th>
              <th>{t('admin.overview.resources')}</th>
              <th>{t('admin.overview.contractExpiration')}</th>
              <th>{t('admin.overview.customerSince')}</th>
              <th>{t('admin.common.actions')}</th>
            </tr>
          </thead>
          <tbody>{rows(roots, 0)}</tbody>
        </table>
      )}
    </section>
  )
}
