import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { ListFilterBar, useListFilter, usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import { NotFoundPage } from '../../app/shell'
import { LIST_LIMIT_MAX } from '../../shared/constants'
import { TablePanel, type TableColumn } from '../../ui'
import {
  fetchUsers,
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
import { UserForm } from '../components/UserForm'
import { toDateInput } from '../components/date-input'

/** A row action that runs only once the browser's confirmation is answered yes. */
function ConfirmedAction(props: { question: string; onConfirm: () => void; danger?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className={`btn btn-sm btn-link${props.danger ? ' text-danger' : ''}`}
      onClick={() => window.confirm(props.question) && props.onConfirm()}
    >
      {props.children}
    </button>
  )
}

/**
 * SPEC §2 /admin/{organization}/users: the organization's users (SPEC §6 user_read) in the generic table panel
 * (sort, page size, pagination, CSV, filter indicator; page and sort in the route), with their forms and actions.
 */
export function UsersPage() {
  const { t } = useTranslation()
  const name = useParams().organization
  const me = useCurrentUser()
  const { organization } = useOrganizationByName(name)
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null)
  const filterColumns = useMemo(() => userFilterColumns(t), [t])
  const filter = useListFilter('admin', filterColumns)
  const paging = usePagedRoute()
  const query = { order: paging.order, rules: filter.rules }
  const users = useUsers(organization?.id, { ...query, ...paging.range })
  const total = users.data?.totalresults
  useTableShortcuts({ ...paging.table, total, reload: () => void users.refetch() })
  const del = useAdminMutation((id: number) => remove('users', id))
  const admin = useAdminMutation(({ id, on }: { id: number; on: boolean }) => setServerAdmin(id, on))
  const unlock = useAdminMutation((id: number) => unlockUser(id))
  const resetFactors = useAdminMutation((id: number) => resetSecondFactors(id))
  const rows = users.data?.result ?? []
  // The stable `mutate` functions, so that the columns (and the rows) are made again only when they change.
  const [deleteUser, makeServerAdmin, unlockOne, resetUserFactors] = [del.mutate, admin.mutate, unlock.mutate, resetFactors.mutate]
  const base = `/admin/${encodeURIComponent(name ?? '')}`
  const mayMakeServerAdmin = me?.rights.includes('server_admins_write') ?? false

  const columns = useMemo((): TableColumn<UserRow>[] => {
    const lastLogon = (u: UserRow) => (u.last_logon ? toDateInput(u.last_logon) : t('admin.users.never'))
    const authorizations = (u: UserRow) => u.authorizations.map((a) => t(`admin.groups.${a.group}`)).join(', ') || t('admin.common.none')
    return [
      { id: 'username', header: t('admin.users.username'), sortable: true, csv: (u) => u.username, cell: (u) => u.username },
      { id: 'first_name', header: t('admin.users.firstName'), sortable: true, csv: (u) => u.first_name, cell: (u) => u.first_name },
      { id: 'last_name', header: t('admin.users.lastName'), sortable: true, csv: (u) => u.last_name, cell: (u) => u.last_name },
      { id: 'email', header: t('admin.users.email'), sortable: true, csv: (u) => u.email, cell: (u) => u.email },
      { id: 'last_logon', header: t('admin.users.lastLogon'), sortable: true, csv: lastLogon, cell: lastLogon },
      { id: 'authorizations', header: t('admin.users.authorizations'), csv: authorizations, cell: authorizations },
      {
        id: 'actions',
        header: t('admin.common.actions'),
        className: 'text-nowrap',
        cell: (u) => (
          <>
            <button type="button" className="btn btn-sm btn-link" onClick={() => setEditing(u)}>
              {t('admin.common.edit')}
            </button>
            <Link className="btn btn-sm btn-link" to={`${base}/users/${encodeURIComponent(u.username)}/timeline`}>
              {t('admin.users.timeline')}
            </Link>
            <ConfirmedAction question={t('admin.users.unlockConfirm', { name: u.username })} onConfirm={() => unlockOne(u.id)}>
              {t('admin.users.unlock')}
            </ConfirmedAction>
            <ConfirmedAction
              question={t('admin.users.resetSecondFactorsConfirm', { name: u.username })}
              onConfirm={() => resetUserFactors(u.id)}
            >
              {t('admin.users.resetSecondFactors')}
            </ConfirmedAction>
            {mayMakeServerAdmin && (
              <label className="form-check form-check-inline ms-2">
                <input
                  className="form-check-input"
                  type="checkbox"
                  checked={u.server_admin}
                  onChange={(e) => makeServerAdmin({ id: u.id, on: e.target.checked })}
                />
                {t('admin.users.serverAdmin')}
              </label>
            )}
            {u.id !== me?.id && (
              <ConfirmedAction danger question={t('admin.users.deleteConfirm', { name: u.username })} onConfirm={() => deleteUser(u.id)}>
                {t('admin.common.delete')}
              </ConfirmedAction>
            )}
          </>
        ),
      },
    ]
  }, [t, base, mayMakeServerAdmin, me?.id, deleteUser, makeServerAdmin, unlockOne, resetUserFactors])

  if (paging.notFound) return <NotFoundPage />
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
      {/* An organization without users says so instead of an empty table. */}
      {total === 0 && !filter.active ? (
        <p className="text-body-secondary">{t('admin.users.empty')}</p>
      ) : (
        <TablePanel
          title={t('admin.users.list')}
          rows={rows}
          getRowId={(u) => String(u.id)}
          columns={columns}
          total={total ?? 0}
          {...paging.table}
          loading={users.isFetching}
          filterActive={filter.active}
          fetchAllRows={async () => (await fetchUsers(organization!.id, { ...query, limit: LIST_LIMIT_MAX, offset: 0 })).result}
          csvName={t('admin.users.csvName', { organization: name })}
        />
      )}
    </section>
  )
}
