import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { remove, save, useAdminMutation, useEnvironments, useOrganizationByName } from '../api'
import { AdminTabs } from '../components/AdminTabs'
import { FormError } from '../components/FormError'
import { NameForm } from '../components/NameForm'
import { EnvironmentLists } from '../components/EnvironmentLists'

/** SPEC §2 /admin/{organization}/environments: create, rename and delete environments (SPEC §6 hostgroup_write), and environment lists. */
export function EnvironmentsPage() {
  const { t } = useTranslation()
  const name = useParams().organization
  const { organization } = useOrganizationByName(name)
  const environments = useEnvironments(organization?.id)
  const [renaming, setRenaming] = useState<number | null>(null)
  const create = useAdminMutation((envName: string) =>
    save('environments', undefined, { name: envName, organization_id: organization!.id }),
  )
  const rename = useAdminMutation(({ id, envName }: { id: number; envName: string }) =>
    save('environments', id, { name: envName, alias: envName }),
  )
  const del = useAdminMutation((id: number) => remove('environments', id))
  return (
    <section className="container-fluid py-3">
      <h1 className="h4">{t('admin.screens.environments')}</h1>
      <AdminTabs organization={name ?? ''} />
      {organization && (
        <NameForm
          label={t('admin.environments.add')}
          isPending={create.isPending}
          error={create.error}
          onSave={(n, clear) => create.mutate(n, { onSuccess: clear })}
        />
      )}
      <FormError error={del.error} />
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th>{t('admin.common.name')}</th>
            <th>{t('admin.environments.hosts')}</th>
            <th>{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(environments.data ?? []).map((env) => (
            <tr key={env.id} data-environment={env.name}>
              <td>
                {renaming === env.id ? (
                  <NameForm
                    label={t('admin.environments.rename')}
                    initial={env.name}
                    isPending={rename.isPending}
                    error={rename.error}
                    onSave={(n) => rename.mutate({ id: env.id, envName: n }, { onSuccess: () => setRenaming(null) })}
                    onCancel={() => setRenaming(null)}
                  />
                ) : (
                  env.alias
                )}
              </td>
              <td>{env.host_count}</td>
              <td>
                <button type="button" className="btn btn-sm btn-link" onClick={() => setRenaming(env.id)}>
                  {t('admin.environments.rename')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-link text-danger"
                  onClick={() => window.confirm(t('admin.environments.deleteConfirm', { name: env.alias })) && del.mutate(env.id)}
                >
                  {t('admin.common.delete')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {organization && <EnvironmentLists organizationId={organization.id} environments={environments.data ?? []} />}
    </section>
  )
}
