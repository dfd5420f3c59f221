import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { remove, useAdminMutation, type Organization } from '../api'
import { FormError } from './FormError'

/** SPEC §5: deleting an organization needs typing its name. */
export function DeleteOrganization({ organization, onDone }: { organization: Organization; onDone(): void }) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const mutation = useAdminMutation((id: number) => remove('organizations', id))
  return (
    <div className="card card-body mb-3 border-danger">
      <h2 className="h6">{t('admin.organization.deleteTitle', { name: organization.alias })}</h2>
      <label className="form-label">
        {t('admin.organization.deleteConfirm')}
        <input className="form-control" name="confirm-name" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <FormError error={mutation.error} />
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-danger"
          disabled={typed !== organization.name || mutation.isPending}
          onClick={() => mutation.mutate(organization.id, { onSuccess: onDone })}
        >
          {t('admin.common.delete')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </div>
  )
}
