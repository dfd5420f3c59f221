/**
 * SPEC §2 settings/services: which of the checks each host type brings (shared/host-types.ts) the organization's new
 * hosts get. A check switched off here is not created with a new host of that type; hosts that have it keep it.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { HOST_TYPE_NAMES, HOST_TYPES, type HostTypeName } from '../../shared/host-types'
import { HostTypeIcon } from '../../ui'
import { checkSlug } from '../../shared/host-tags'
import { normalizeServices, type OrganizationServices } from '../../shared/api/settings'
import { useSaveServices, useServices } from './api'
import { FormFooter } from './FormFooter'
import type { SettingsOrganization } from './organization'
import { saveSettings } from './save'

/** The checks of a type by name; their names do not depend on the host. */
const checksOf = (hosttype: HostTypeName) => HOST_TYPES[hosttype].checks({ hostname: 'host.example' })

function Editor({ organization, saved }: { organization: SettingsOrganization; saved: OrganizationServices }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(saved)
  const save = useSaveServices(organization.id)
  const disabled = !organization.canWrite

  const toggle = (hosttype: HostTypeName, slug: string, on: boolean) => {
    const off = draft.disabled_checks[hosttype] ?? []
    const next = on ? off.filter((s) => s !== slug) : [...off, slug]
    setDraft(normalizeServices({ disabled_checks: { ...draft.disabled_checks, [hosttype]: next } }))
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    saveSettings(save, draft, t('admin.settings.saved'))
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t('admin.settings.tabs.services')}>
      <p>{t('admin.settings.services.intro')}</p>
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th scope="col">{t('admin.settings.services.hosttype')}</th>
            <th scope="col">{t('admin.settings.services.checks')}</th>
          </tr>
        </thead>
        <tbody>
          {HOST_TYPE_NAMES.map((hosttype) => {
            const def = HOST_TYPES[hosttype]
            const off = draft.disabled_checks[hosttype] ?? []
            return (
              <tr key={hosttype}>
                <th scope="row" className="fw-normal">
                  <HostTypeIcon category={def.category} className="me-1" />
                  {def.display_name}
                </th>
                <td>
                  <span className="me-2 text-body-secondary">{t('admin.settings.services.hostCheck')}</span>
                  {checksOf(hosttype).map((check) => {
                    const slug = checkSlug(check.name)
                    return (
                      <label key={slug} className="form-check form-check-inline mb-0">
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label={t('admin.settings.services.check', { hosttype: def.display_name, check: check.name })}
                          disabled={disabled}
                          checked={!off.includes(slug)}
                          onChange={(e) => toggle(hosttype, slug, e.target.checked)}
                        />
                        {check.name} <small className="text-body-secondary">({check.kind})</small>
                      </label>
                    )
                  })}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
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

export function ServicesForm({ organization }: { organization: SettingsOrganization }) {
  const query = useServices(organization.id)
  return query.data ? <Editor key={JSON.stringify(query.data)} organization={organization} saved={query.data} /> : null
}
