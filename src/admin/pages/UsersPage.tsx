import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { ListFilterBar, useListFilter } from '../../app/filters'
import {
  remove,
  resetSecondFactors,
  setServerAdmin,
  unlockUser,
  useAdminMutation,
  useOrganizationByName,
  useUsers,
  type UserRow,
} from '../api'
import { AdminTabs } from '../components/AdminTabs'
import { userFilterColumns } from '../components/filter-columns'
import { FormError } from '../components/FormError'
import { usePageOf } from '../components/page-of'
import { UserForm } from '../components/UserForm'
import { toDateInput } from '../components/date-input'

const PAGE_SIZE = 25
const SORTABLE = ['username', 'first_name', 'last_name', 'email', 'last_logon'] as const

/** SPEC §2 /admin/{organization}/users: the organization's users (SPEC §6 user_read), sorted and paged, with their forms. */
export function UsersPage() {
  const { t } = useTranslation()
  const name = useParams().organization
  const me = useCurrentUser()
  const { organization } = useOrganizationByName(name)
  const [order, setOrder] = useState('username')
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null)
  const filterColumns = useMemo(() => userFilterColumns(t), [t])
  const filter = useListFilter('admin', filterColumns)
  const [page, setPage] = usePageOf(filter.rules)
  const users = useUsers(organization?.id, order, page, PAGE_SIZE, filter.rules)
  const del = useAdminMutation((id: number) => remove('users', id))
  const admin = useAdminMutation(({ id, on }: { id: number; on: boolean }) => setServerAdmin(id, on))
  const unlock = useAdminMutation((id: number) => unlockUser(id))
  const resetFactors = useAdminMutation((id: number) => resetSecondFactors(id))
  const rows = users.data?.result ?? []
  const pages = Math.max(1, Math.ceil((users.data?.totalresults ?? 0) / PAGE_SIZE))
  const sortBy = (column: string) => setOrder(order === column ? `-${column}` : column)
  const label: Record<(typeof SORTABLE)[number], string> = {
    username: t('admin.users.username'),
    first_name: t('admin.users.firstName'),
    last_name: t('admin.users.lastName'),
    email: t('admin.users.email'),
    last_logon: t('admin.users.lastLogon'),
  }
  const base = `/admin/${encodeURIComponent(name ?? '')}`
  return (
    <section className="container-fluid py-3">
      <div className="d-flex align-items-baseline">
        <h1 className="h4 me-auto">{t('admin.screens.users')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} disabled={!organization}>
          {t('admin.users.add')}
        </button>
      </div>
      <AdminTabs organization={name ?? ''} />
      {organization && editing && (
        <UserForm
          key={editing === 'new' ? 'new' : editing.id}
          organization={organization}
          user={editing === 'new' ? undefined : editing}
          models={rows}
          onDone={() => setEditing(null)}
        />
      )}
      <ListFilterBar list={filter} />
      <FormError error={del.error ?? admin.error ?? unlock.error ?? resetFactors.error} />
      {users.isSuccess && rows.length === 0 ? (
        <p className="text-body-secondary">{t('admin.users.empty')}</p>
      ) : (
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              {SORTABLE.map((c) => (
                <th key={c} aria-sort={order === c ? 'ascending' : order === `-${c}` ? 'descending' : 'none'}>
                  <button type="button" className="btn btn-link btn-sm p-0" onClick={() => sortBy(c)}>
                    {label[c]}
                  </button>
                </th>
              ))}
              <th>{t('admin.users.authorizations')}</th>
              <th>{t('admin.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id} data-user={u.username}>
                <td>{u.username}</td>
                <td>{u.first_name}</td>
                <td>{u.last_name}</td>
                <td>{u.email}</td>
                <td>{u.last_logon ? toDateInput(u.last_logon) : t('admin.users.never')}</td>
                <td>{u.authorizations.map((a) => t(`admin.groups.${a.group}`)).join(', ') || t('admin.common.none')}</td>
                <td className="text-nowrap">
                  <button type="button" className="btn btn-sm btn-link" onClick={() => setEditing(u)}>
                    {t('admin.common.edit')}
                  </button>
                  <Link className="btn btn-sm btn-link" to={`${base}/users/${encodeURIComponent(u.username)}/timeline`}>
                    {t('admin.users.timeline')}
                  </Link>
                  <button
                    type="button"
                    className="btn btn-sm btn-link"
                    onClick={() => window.confirm(t('admin.users.unlockConfirm', { name: u.username })) && unlock.mutate(u.id)}
                  >
                    {t('admin.users.unlock')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-link"
                    onClick={() =>
                      window.confirm(t('admin.users.resetSecondFactorsConfirm', { name: u.username })) && resetFactors.mutate(u.id)
                    }
                  >
                    {t('admin.users.resetSecondFactors')}
                  </button>
                  {me?.rights.includes('server_admins_write') && (
                    <label className="form-check form-check-inline ms-2">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        checked={u.server_admin}
                        onChange={(e) => admin.mutate({ id: u.id, on: e.target.checked })}
                      />
                      {t('admin.users.serverAdmin')}
                    </label>
                  )}
                  {u.id !== me?.id && (
                    <button
                      type="button"
                      className="btn btn-sm btn-link text-danger"
                      onClick={() => window.confirm(t('admin.users.deleteConfirm', { name: u.username })) && del.mutate(u.id)}
                    >
                      {t('admin.common.delete')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="d-flex gap-2 align-items-center">
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('admin.users.previous')}
          </button>
          <span>{t('admin.users.page', { page, pages })}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('admin.users.next')}
          </button>
        </nav>
      )}
    </section>
  )
}
