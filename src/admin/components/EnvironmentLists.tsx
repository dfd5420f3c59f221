import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { remove, save, useAdminMutation, useEnvironmentLists, type Environment } from '../api'
import { FormError } from './FormError'
import { NameForm } from './NameForm'

/** SPEC §3 environment lists of one organization: a name and the environments it selects in the environment selector. */
export function EnvironmentLists({ organizationId, environments }: { organizationId: number; environments: readonly Environment[] }) {
  const { t } = useTranslation()
  const lists = useEnvironmentLists(organizationId)
  const [chosen, setChosen] = useState<number[]>([])
  const create = useAdminMutation((name: string) =>
    save('environment-lists', undefined, { name, organization_id: organizationId, environment_ids: chosen }),
  )
  const update = useAdminMutation(({ id, ids }: { id: number; ids: number[] }) => save('environment-lists', id, { environment_ids: ids }))
  const del = useAdminMutation((id: number) => remove('environment-lists', id))
  const toggle = (ids: readonly number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])
  const checkboxes = (ids: readonly number[], onChange: (next: number[]) => void) =>
    environments.map((env) => (
      <label key={env.id} className="form-check form-check-inline">
        <input className="form-check-input" type="checkbox" checked={ids.includes(env.id)} onChange={() => onChange(toggle(ids, env.id))} />
        {env.alias}
      </label>
    ))
  return (
    <section aria-label={t('admin.environments.lists')}>
      <h2 className="h5 mt-4">{t('admin.environments.lists')}</h2>
      <NameForm
        label={t('admin.environments.addList')}
        isPending={create.isPending}
        error={create.error}
        onSave={(name, clear) =>
          create.mutate(name, {
            onSuccess: () => {
              clear()
              setChosen([])
            },
          })
        }
      >
        <div>{checkboxes(chosen, setChosen)}</div>
      </NameForm>
      <FormError error={update.error ?? del.error} />
      <ul className="list-group">
        {(lists.data ?? []).map((list) => (
          <li key={list.id} className="list-group-item">
            <strong className="me-3">{list.name}</strong>
            {checkboxes(list.environment_ids, (ids) => update.mutate({ id: list.id, ids }))}
            <button
              type="button"
              className="btn btn-sm btn-link text-danger"
              onClick={() => window.confirm(t('admin.environments.deleteListConfirm', { name: list.name })) && del.mutate(list.id)}
            >
              {t('admin.common.delete')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
