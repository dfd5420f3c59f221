/**
 * SPEC §2 settings/labels: the organization's label types (SPEC §3 Label type, SPEC §5 name rules) and the labels
 * of its hosts, set with a value checked against the type ("Please enter a value") and removed one by one.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LABEL_DATA_TYPES, isValidLabelName, type LabelDataType } from '../../shared/api/settings'
import { useCreateLabelType, useDeleteLabelType, useLabelTypes } from './api'
import { FormFooter } from './FormFooter'
import { HostLabelsEditor } from './HostLabelsEditor'
import type { SettingsOrganization } from './organization'

function AddLabelType({ organization }: { organization: SettingsOrganization }) {
  const { t } = useTranslation()
  const empty = { name: '', data_type: 'string' as LabelDataType }
  const [draft, setDraft] = useState(empty)
  const create = useCreateLabelType(organization.id)
  const nameBad = draft.name !== '' && !isValidLabelName(draft.name)

  function submit(e: FormEvent) {
    e.preventDefault()
    if (nameBad || create.isPending) return
    create.mutate(draft, { onSuccess: () => setDraft(empty) })
  }

  return (
    <form noValidate onSubmit={submit} className="mb-4">
      <div className="row g-2 align-items-start">
        <div className="col-md-5">
          <label className="form-label" htmlFor="label-type-name">
            {t('admin.settings.labels.name')}
          </label>
          <input
            id="label-type-name"
            className={`form-control${nameBad ? ' is-invalid' : ''}`}
            disabled={!organization.canWrite}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <div className={nameBad ? 'invalid-feedback' : 'form-text'}>
            {nameBad ? t('errors.invalid_label_name') : t('admin.settings.labels.nameHint')}
          </div>
        </div>
        <div className="col-md-3">
          <label className="form-label" htmlFor="label-type-data">
            {t('admin.settings.labels.dataType')}
          </label>
          <select
            id="label-type-data"
            className="form-select"
            disabled={!organization.canWrite}
            value={draft.data_type}
            onChange={(e) => setDraft({ ...draft, data_type: e.target.value as LabelDataType })}
          >
            {LABEL_DATA_TYPES.map((d) => (
              <option key={d} value={d}>
                {t(`admin.settings.labels.dataTypes.${d}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormFooter
        dirty={draft.name !== ''}
        canWrite={organization.canWrite}
        isPending={create.isPending}
        error={create.error}
        blocked={nameBad}
        onDiscard={() => setDraft(empty)}
      />
    </form>
  )
}

export function LabelSettings({ organization }: { organization: SettingsOrganization }) {
  const { t } = useTranslation()
  const types = useLabelTypes(organization.id)
  const remove = useDeleteLabelType()
  return (
    <>
      <h2 className="h5">{t('admin.settings.labels.types')}</h2>
      {types.data?.length === 0 && <p className="text-body-secondary">{t('admin.settings.labels.none')}</p>}
      {!!types.data?.length && (
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th>{t('admin.settings.labels.name')}</th>
              <th>{t('admin.settings.labels.dataType')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {types.data.map((type) => (
              <tr key={type.id}>
                <td>{type.name}</td>
                <td>{t(`admin.settings.labels.dataTypes.${type.data_type}`)}</td>
                <td className="text-end">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={!organization.canWrite || remove.isPending}
                    onClick={() => remove.mutate(type.id)}
                  >
                    {t('admin.settings.labels.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddLabelType organization={organization} />
      <HostLabelsEditor organization={organization} types={types.data ?? []} />
    </>
  )
}
