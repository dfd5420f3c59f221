/** The labels of one host of the organization: set under a label type with a value that fits it, or removed. */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { labelValueProblem, type LabelType } from '../../shared/api/settings'
import { useHostLabels, useOrganizationHosts, useRemoveHostLabel, useSetHostLabel } from './api'
import { FormFooter } from './FormFooter'
import type { SettingsOrganization } from './organization'

export function HostLabelsEditor({ organization, types }: { organization: SettingsOrganization; types: LabelType[] }) {
  const { t } = useTranslation()
  const hosts = useOrganizationHosts(organization.id, organization.name)
  const [hostId, setHostId] = useState<number | null>(null)
  const labels = useHostLabels(hostId)
  const [typeName, setTypeName] = useState('')
  const [value, setValue] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const set = useSetHostLabel()
  const remove = useRemoveHostLabel()
  const type = types.find((x) => x.name === typeName)
  const problem = type ? labelValueProblem(type.data_type, value) : null

  function submit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (hostId === null || !type || problem || set.isPending) return
    set.mutate(
      { hostId, name: type.name, value },
      {
        onSuccess: () => {
          setTypeName('')
          setValue('')
          setSubmitted(false)
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit}>
      <h2 className="h5">{t('admin.settings.labels.hostLabels')}</h2>
      <label className="form-label" htmlFor="label-host">
        {t('admin.settings.labels.host')}
      </label>
      <select
        id="label-host"
        className="form-select w-auto mb-2"
        value={hostId ?? ''}
        onChange={(e) => setHostId(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('admin.settings.labels.chooseHost')}</option>
        {hosts.data?.map((h) => (
          <option key={h.id} value={h.id}>
            {h.name}
          </option>
        ))}
      </select>
      {labels.data && Object.keys(labels.data).length === 0 && <p className="text-body-secondary">{t('admin.settings.labels.noLabels')}</p>}
      {remove.isError && (
        <div className="alert alert-danger py-1" role="alert">
          {t('admin.settings.labels.removeFailed')}
        </div>
      )}
      <ul className="list-unstyled">
        {Object.entries(labels.data ?? {}).map(([name, v]) => (
          <li key={name} className="d-flex gap-2 align-items-center mb-1">
            <code>{name}</code>
            <span>{v}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={!organization.canWrite || remove.isPending || hostId === null}
              onClick={() => hostId !== null && remove.mutate({ hostId, name })}
            >
              {t('admin.settings.labels.remove')}
            </button>
          </li>
        ))}
      </ul>
      {hostId !== null && (
        <div className="row g-2 align-items-start">
          <div className="col-md-4">
            <label className="form-label" htmlFor="label-name">
              {t('admin.settings.labels.labelType')}
            </label>
            <select id="label-name" className="form-select" value={typeName} onChange={(e) => setTypeName(e.target.value)}>
              <option value="" />
              {types.map((x) => (
                <option key={x.id} value={x.name}>
                  {x.name}
                </option>
              ))}
            </select>
          </div>
          <div className="col-md-5">
            <label className="form-label" htmlFor="label-value">
              {t('admin.settings.labels.value')}
            </label>
            <input
              id="label-value"
              className={`form-control${submitted && problem ? ' is-invalid' : ''}`}
              disabled={!organization.canWrite || type?.data_type === 'none'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            {submitted && problem && <div className="invalid-feedback">{t(`admin.settings.labels.problems.${problem}`)}</div>}
          </div>
        </div>
      )}
      <FormFooter
        dirty={typeName !== '' || value !== ''}
        canWrite={organization.canWrite && hostId !== null && type !== undefined}
        isPending={set.isPending}
        error={set.error}
        onDiscard={() => {
          setTypeName('')
          setValue('')
        }}
      />
    </form>
  )
}
