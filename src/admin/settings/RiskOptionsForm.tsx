/** SPEC §2 settings/risks: the scan options applied to vulnerability scans imported into the organization's environments. */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RISK_SEVERITIES, type RiskSeverity } from '../../shared/api/risks'
import type { RiskOptions } from '../../shared/api/settings'
import { useRiskOptions, useSaveRiskOptions } from './api'
import { FormFooter } from './FormFooter'
import type { SettingsOrganization } from './organization'
import { saveSettings } from './save'

function Editor({ organization, saved }: { organization: SettingsOrganization; saved: RiskOptions }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(saved)
  const save = useSaveRiskOptions(organization.id)
  const disabled = !organization.canWrite

  function submit(e: FormEvent) {
    e.preventDefault()
    saveSettings(save, draft, t('admin.settings.saved'))
  }

  return (
    <form noValidate onSubmit={submit}>
      <p>{t('admin.settings.risks.intro')}</p>
      <label className="form-label" htmlFor="minimum-severity">
        {t('admin.settings.risks.minimumSeverity')}
      </label>
      <select
        id="minimum-severity"
        className="form-select w-auto mb-3"
        disabled={disabled}
        value={draft.minimum_severity}
        onChange={(e) => setDraft({ ...draft, minimum_severity: e.target.value as RiskSeverity })}
      >
        {RISK_SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {t(`admin.settings.risks.severities.${s}`)}
          </option>
        ))}
      </select>
      <div className="form-check">
        <input
          id="keep-unmatched"
          type="checkbox"
          className="form-check-input"
          disabled={disabled}
          checked={draft.keep_unmatched_hosts}
          onChange={(e) => setDraft({ ...draft, keep_unmatched_hosts: e.target.checked })}
        />
        <label className="form-check-label" htmlFor="keep-unmatched">
          {t('admin.settings.risks.keepUnmatchedHosts')}
        </label>
      </div>
      <FormFooter
        dirty={JSON.stringify(draft) !== JSON.stringify(saved)}
        canWrite={organization.canWrite}
        isPending={save.isPending}
        error={save.error}
        onDiscard={() => setDraft(saved)}
      />
    </form>
  )
}

export function RiskOptionsForm({ organization }: { organization: SettingsOrganization }) {
  const query = useRiskOptions(organization.id)
  return query.data ? <Editor key={JSON.stringify(query.data)} organization={organization} saved={query.data} /> : null
}
