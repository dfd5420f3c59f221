/**
 * Issue 15 Limits: the organization's quotas (issue 13) and SPEC §8 limits (per-environment hosts and maps, map
 * versions), each with its default; server admins change them, others read them.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Quotas, type QuotaName } from '../../shared/api/quotas'
import { FormFooter } from '../settings/FormFooter'
import { useQuotas, useSaveQuotas } from './api'
import { saveSettings } from '../settings/save'

const NAMES = Object.keys(Quotas.shape) as QuotaName[]
const DEFAULTS = Quotas.parse({})
const asText = (quotas: Quotas) => Object.fromEntries(NAMES.map((n) => [n, String(quotas[n])])) as Record<QuotaName, string>

export interface LimitsFormProps {
  organizationId: number
  canWrite: boolean
}

function Editor({ organizationId, canWrite, saved }: LimitsFormProps & { saved: Quotas }) {
  const { t, i18n } = useTranslation()
  const [draft, setDraft] = useState(() => asText(saved))
  const save = useSaveQuotas(organizationId)
  const changed = NAMES.filter((n) => draft[n] !== String(saved[n]))
  const blocked = NAMES.some((n) => !/^\d+$/.test(draft[n]))

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!blocked) saveSettings(save, Object.fromEntries(changed.map((n) => [n, Number(draft[n])])), t('admin.settings.saved'))
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t('admin.settings.limits.quotasTitle')} className="mb-4">
      <h2 className="h5">{t('admin.settings.limits.quotasTitle')}</h2>
      <table className="table table-sm align-middle w-auto">
        <thead>
          <tr>
            <th scope="col">{t('admin.settings.limits.limit')}</th>
            <th scope="col">{t('admin.settings.limits.maximum')}</th>
            <th scope="col">{t('admin.settings.limits.standard')}</th>
          </tr>
        </thead>
        <tbody>
          {NAMES.map((n) => (
            <tr key={n}>
              <th scope="row" className="fw-normal">
                <label htmlFor={`quota-${n}`}>{t(`admin.settings.limits.quotas.${n}`)}</label>
              </th>
              <td>
                <input
                  id={`quota-${n}`}
                  type="number"
                  min={0}
                  step={1}
                  className={`form-control form-control-sm${/^\d+$/.test(draft[n]) ? '' : ' is-invalid'}`}
                  disabled={!canWrite}
                  value={draft[n]}
                  onChange={(e) => setDraft({ ...draft, [n]: e.target.value })}
                />
              </td>
              <td className="text-body-secondary">{DEFAULTS[n].toLocaleString(i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormFooter
        dirty={changed.length > 0}
        canWrite={canWrite}
        isPending={save.isPending}
        error={save.error}
        blocked={blocked}
        onDiscard={() => setDraft(asText(saved))}
      />
    </form>
  )
}

export function QuotasForm(props: LimitsFormProps) {
  const query = useQuotas(props.organizationId)
  // Keyed by what the server holds: a save starts the draft afresh from it.
  return query.data ? <Editor key={JSON.stringify(query.data)} {...props} saved={query.data} /> : null
}
