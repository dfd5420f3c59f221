import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLeaveGuard } from '../../ui'
import { AUTHORIZATION_GROUPS, MODULE_GRANTS, type AuthorizationGroup } from '../../shared/permissions'
import type { Authorization } from '../../shared/api/user-admin'
import { save, useAdminMutation, useEnvironments, type Organization, type UserRow } from '../api'
import { FormError } from './FormError'

interface Props {
  organization: Organization
  /** absent: a new user */
  user?: UserRow
  /** users of the organization whose permissions a new user may copy (SPEC §6) */
  models: readonly UserRow[]
  onDone(): void
}

/** SPEC §3 User: names, email, password, authorization groups per organization and environment, allowed modules. */
export function UserForm({ organization, user, models, onDone }: Props) {
  const { t } = useTranslation()
  const environments = useEnvironments(organization.id)
  const initial = {
    username: user?.username ?? '',
    password: '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    copy_from: '',
    authorizations:
      user?.authorizations ?? ([{ organization_id: organization.id, hostgroup_id: null, group: 'operator' }] as Authorization[]),
    allowed_modules: user?.allowed_modules ?? null,
  }
  const [form, setForm] = useState(initial)
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }))
  const mutation = useAdminMutation((body: unknown) => save('users', user?.id, body))
  useLeaveGuard(JSON.stringify(form) !== JSON.stringify(initial) && !mutation.isSuccess, t('admin.common.unsaved'))
  const copying = form.copy_from !== ''
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const { username, password, copy_from, authorizations, allowed_modules, ...names } = form
    const permissions = copying ? { copy_from: Number(copy_from) } : { authorizations, allowed_modules }
    const body = user
      ? { ...names, ...(password ? { password } : {}), authorizations, allowed_modules }
      : { ...names, username, password, organization_id: organization.id, ...permissions }
    mutation.mutate(body, { onSuccess: onDone })
  }
  const setAuthorization = (i: number, patch: Partial<Authorization>) =>
    set({ authorizations: form.authorizations.map((a, j) => (i === j ? { ...a, ...patch } : a)) })
  const text = (key: 'username' | 'password' | 'first_name' | 'last_name' | 'email', label: string, type = 'text') => (
    <label className="form-label d-block">
      {label}
      <input className="form-control" name={key} type={type} value={form[key]} onChange={(e) => set({ [key]: e.target.value })} />
    </label>
  )
  return (
    <form className="card card-body mb-3" onSubmit={submit} aria-label={t('admin.users.add')}>
      {!user && text('username', t('admin.users.username'))}
      {text('password', user ? t('admin.users.newPassword') : t('admin.users.password'), 'password')}
      {text('first_name', t('admin.users.firstName'))}
      {text('last_name', t('admin.users.lastName'))}
      {text('email', t('admin.users.email'), 'email')}
      {!user && (
        <label className="form-label d-block">
          {t('admin.users.copyFrom')}
          <select className="form-select" name="copy_from" value={form.copy_from} onChange={(e) => set({ copy_from: e.target.value })}>
            <option value="">{t('admin.users.noCopy')}</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.username}
              </option>
            ))}
          </select>
        </label>
      )}
      {!copying && (
        <fieldset className="mb-2">
          <legend className="h6">{t('admin.users.authorizations')}</legend>
          {form.authorizations.map((a, i) => (
            <div key={i} className="d-flex gap-2 mb-1">
              <select
                className="form-select w-auto"
                aria-label={t('admin.overview.environments')}
                value={a.hostgroup_id ?? ''}
                onChange={(e) => setAuthorization(i, { hostgroup_id: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">{t('admin.users.whole')}</option>
                {(environments.data ?? []).map((env) => (
                  <option key={env.id} value={env.id}>
                    {env.alias}
                  </option>
                ))}
              </select>
              <select
                className="form-select w-auto"
                name="group"
                aria-label={t('admin.users.authorizations')}
                value={a.group}
                onChange={(e) => setAuthorization(i, { group: e.target.value as AuthorizationGroup })}
              >
                {AUTHORIZATION_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {t(`admin.groups.${g}`)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-sm btn-link"
                onClick={() => set({ authorizations: form.authorizations.filter((_, j) => j !== i) })}
              >
                {t('admin.users.removeAuthorization')}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() =>
              set({ authorizations: [...form.authorizations, { organization_id: organization.id, hostgroup_id: null, group: 'operator' }] })
            }
          >
            {t('admin.users.addAuthorization')}
          </button>
        </fieldset>
      )}
      {!copying && (
        <fieldset className="mb-2">
          <legend className="h6">{t('admin.users.modules')}</legend>
          <label className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              checked={form.allowed_modules === null}
              onChange={(e) => set({ allowed_modules: e.target.checked ? null : [...MODULE_GRANTS] })}
            />
            {t('admin.users.allModules')}
          </label>
          {form.allowed_modules !== null &&
            MODULE_GRANTS.map((g) => (
              <label key={g} className="form-check form-check-inline">
                <input
                  className="form-check-input"
                  type="checkbox"
                  checked={form.allowed_modules!.includes(g)}
                  onChange={(e) =>
                    set({
                      allowed_modules: e.target.checked ? [...form.allowed_modules!, g] : form.allowed_modules!.filter((x) => x !== g),
                    })
                  }
                />
                {g}
              </label>
            ))}
        </fieldset>
      )}
      <FormError error={mutation.error} />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {t('admin.common.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </form>
  )
}
