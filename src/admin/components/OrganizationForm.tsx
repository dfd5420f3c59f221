import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { NameInput, nameProblem, useLeaveGuard } from '../../ui'
import { save, useAdminMutation, type Organization } from '../api'
import { FormError } from './FormError'
import { fromDateInput, toDateInput } from './date-input'

interface Props {
  /** absent: a new organization */
  organization?: Organization
  organizations: readonly Organization[]
  onDone(): void
}

/** Every SPEC §3 Organization field; a new one is a customer of the chosen MSP parent. */
export function OrganizationForm({ organization, organizations, onDone }: Props) {
  const { t } = useTranslation()
  const initial = {
    name: organization?.name ?? '',
    alias: organization?.alias ?? '',
    legal_name: organization?.legal_name ?? '',
    is_msp: organization?.is_msp ?? false,
    require_two_factor: organization?.require_two_factor ?? false,
    msp_parent_id: organization?.msp_parent_id ?? organizations.find((o) => o.is_msp)?.id ?? null,
    contract_expiration: toDateInput(organization?.contract_expiration),
    customer_since: toDateInput(organization?.customer_since),
  }
  const [form, setForm] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  // SPEC §5 name rules; a name kept as it was is not judged again (it may predate them).
  const problem = form.name === initial.name && organization ? null : nameProblem(form.name)
  const dirty = JSON.stringify(form) !== JSON.stringify(initial)
  const mutation = useAdminMutation((body: unknown) => save('organizations', organization?.id, body))
  useLeaveGuard(dirty && !mutation.isSuccess, t('admin.common.unsaved'))
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (problem) return
    const { msp_parent_id, ...rest } = form
    const body = {
      ...rest,
      alias: form.alias || undefined,
      contract_expiration: fromDateInput(form.contract_expiration),
      customer_since: fromDateInput(form.customer_since),
      // Only server admins move an organization: an edit sends the parent only when it changed.
      ...(organization && msp_parent_id === organization.msp_parent_id ? {} : { msp_parent_id }),
    }
    mutation.mutate(body, { onSuccess: onDone })
  }
  const field = (key: 'alias' | 'legal_name', label: string) => (
    <label className="form-label d-block">
      {label}
      <input className="form-control" name={key} value={form[key]} onChange={(e) => set({ [key]: e.target.value })} />
    </label>
  )
  return (
    <form className="card card-body mb-3" noValidate onSubmit={submit} aria-label={t('admin.overview.add')}>
      <NameInput
        label={t('admin.organization.name')}
        value={form.name}
        onChange={(name) => set({ name })}
        problem={submitted ? problem : null}
      />
      {field('alias', t('admin.organization.alias'))}
      {field('legal_name', t('admin.organization.legalName'))}
      <label className="form-check">
        <input className="form-check-input" type="checkbox" checked={form.is_msp} onChange={(e) => set({ is_msp: e.target.checked })} />
        {t('admin.organization.isMsp')}
      </label>
      <label className="form-check">
        <input
          className="form-check-input"
          type="checkbox"
          checked={form.require_two_factor}
          onChange={(e) => set({ require_two_factor: e.target.checked })}
        />
        {t('admin.organization.requireTwoFactor')}
      </label>
      <label className="form-label d-block">
        {t('admin.organization.parent')}
        <select
          className="form-select"
          name="msp_parent_id"
          value={form.msp_parent_id ?? ''}
          onChange={(e) => set({ msp_parent_id: e.target.value ? Number(e.target.value) : null })}
        >
          {organizations
            .filter((o) => o.is_msp && o.id !== organization?.id)
            .map((o) => (
              <option key={o.id} value={o.id}>
                {o.alias}
              </option>
            ))}
        </select>
      </label>
      <label className="form-label d-block">
        {t('admin.organization.contractExpiration')}
        <input
          className="form-control"
          type="date"
          value={form.contract_expiration}
          onChange={(e) => set({ contract_expiration: e.target.value })}
        />
      </label>
      <label className="form-label d-block">
        {t('admin.organization.customerSince')}
        <input className="form-control" type="date" value={form.customer_since} onChange={(e) => set({ customer_since: e.target.value })} />
      </label>
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
