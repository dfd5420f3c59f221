/** Issue 13 "Targets" on the limits screen: the networks and host names the organization's checks may reach. */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AllowedTargets } from '../../shared/api/quotas'
import { FormFooter } from '../settings/FormFooter'
import { useAllowedTargets, useSaveAllowedTargets } from './api'
import type { LimitsFormProps } from './QuotasForm'
import { saveSettings } from '../settings/save'

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

function Editor({ organizationId, canWrite, saved }: LimitsFormProps & { saved: AllowedTargets }) {
  const { t } = useTranslation()
  const [networks, setNetworks] = useState(saved.networks.join('\n'))
  const [names, setNames] = useState(saved.names.join('\n'))
  const save = useSaveAllowedTargets(organizationId)
  const draft = { networks: lines(networks), names: lines(names) }
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved)

  function submit(e: FormEvent) {
    e.preventDefault()
    saveSettings(save, draft, t('admin.settings.saved'))
  }

  const area = (id: string, label: string, value: string, onChange: (v: string) => void) => (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea
        id={id}
        className="form-control font-monospace"
        rows={4}
        disabled={!canWrite}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
  return (
    <form noValidate onSubmit={submit} aria-label={t('admin.settings.limits.targetsTitle')}>
      <h2 className="h5">{t('admin.settings.limits.targetsTitle')}</h2>
      <p>{t('admin.settings.limits.targetsIntro')}</p>
      {area('allowed-networks', t('admin.settings.limits.networks'), networks, setNetworks)}
      {area('allowed-names', t('admin.settings.limits.names'), names, setNames)}
      <FormFooter
        dirty={dirty}
        canWrite={canWrite}
        isPending={save.isPending}
        error={save.error}
        onDiscard={() => {
          setNetworks(saved.networks.join('\n'))
          setNames(saved.names.join('\n'))
        }}
      />
    </form>
  )
}

export function AllowedTargetsForm(props: LimitsFormProps) {
  const query = useAllowedTargets(props.organizationId)
  return query.data ? <Editor key={JSON.stringify(query.data)} {...props} saved={query.data} /> : null
}
