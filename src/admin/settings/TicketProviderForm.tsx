/**
 * Settings "tickets" (issue 15 "Ticket providers"): where the organization's tickets live — the built-in service
 * desk or Request Tracker 5 — with a connection test of what the form holds. The token is write-only: the form
 * only says whether one is set, and an empty field keeps it.
 */
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiFailure, translatedErrorText } from '../../app/api'
import { TicketStatusBadge } from '../../ui'
import {
  DEPLOYMENTS,
  TICKET_PROVIDER_KINDS,
  type CustomFieldMapping,
  type Deployment,
  type TicketProviderKind,
  type TicketProviderSettings,
} from '../../shared/api/ticket-providers'
import { useSaveTicketProvider, useTestTicketProvider, useTicketProvider } from './api'
import { FormFooter } from './FormFooter'
import type { SettingsOrganization } from './organization'
import { saveSettings } from './save'

const MAPPED = ['host', 'resource', 'state'] as const

interface Draft {
  provider: TicketProviderKind
  deployment: Deployment
  base_url: string
  queue: string
  token: string
  timeout_s: number
  custom_fields: CustomFieldMapping
}

const draftOf = ({ token_set: _set, trusted: _trusted, ...s }: TicketProviderSettings): Draft => ({ ...s, token: '' })

/** The body of a save or a test: an empty token field keeps the stored one. */
const bodyOf = ({ token, ...rest }: Draft) => ({ ...rest, ...(token ? { token } : {}) })

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && <div className="form-text">{hint}</div>}
    </div>
  )
}

function Editor({ organization, saved }: { organization: SettingsOrganization; saved: TicketProviderSettings }) {
  const { t, i18n } = useTranslation()
  const [draft, setDraft] = useState(() => draftOf(saved))
  const save = useSaveTicketProvider(organization.id)
  const test = useTestTicketProvider(organization.id)
  const disabled = !organization.canWrite
  const set = (change: Partial<Draft>) => {
    test.reset()
    setDraft((d) => ({ ...d, ...change }))
  }
  const rt = draft.provider === 'request_tracker'
  const k = (key: string) => `admin.settings.tickets.${key}`

  function submit(e: FormEvent) {
    e.preventDefault()
    saveSettings(save, bodyOf(draft), t('admin.settings.saved'))
  }

  return (
    <form noValidate onSubmit={submit} style={{ maxWidth: '40rem' }}>
      <p>{t(k('intro'))}</p>
      <Field id="ticket-provider" label={t(k('provider'))}>
        <select
          id="ticket-provider"
          className="form-select w-auto"
          disabled={disabled}
          value={draft.provider}
          onChange={(e) => set({ provider: e.target.value as TicketProviderKind })}
        >
          {TICKET_PROVIDER_KINDS.map((p) => (
            <option key={p} value={p}>
              {t(k(`providers.${p}`))}
            </option>
          ))}
        </select>
      </Field>
      {rt && (
        <>
          <Field id="rt-base-url" label={t(k('baseUrl'))} hint={t(k('baseUrlHint'))}>
            <input
              id="rt-base-url"
              type="url"
              className="form-control"
              disabled={disabled}
              value={draft.base_url}
              onChange={(e) => set({ base_url: e.target.value })}
            />
          </Field>
          {saved.trusted && draft.base_url === saved.base_url && <div className="alert alert-info py-2">{t(k('trusted'))}</div>}
          <Field id="rt-queue" label={t(k('queue'))}>
            <input
              id="rt-queue"
              className="form-control"
              disabled={disabled}
              value={draft.queue}
              onChange={(e) => set({ queue: e.target.value })}
            />
          </Field>
          <Field id="rt-token" label={t(k('token'))} hint={t(k(saved.token_set ? 'tokenSet' : 'tokenHint'))}>
            <input
              id="rt-token"
              type="password"
              autoComplete="new-password"
              className="form-control"
              disabled={disabled}
              value={draft.token}
              onChange={(e) => set({ token: e.target.value })}
            />
          </Field>
          <Field id="rt-timeout" label={t(k('timeout'))}>
            <input
              id="rt-timeout"
              type="number"
              min={1}
              max={30}
              className="form-control w-auto"
              disabled={disabled}
              value={draft.timeout_s}
              onChange={(e) => set({ timeout_s: Number(e.target.value) })}
            />
          </Field>
          <fieldset className="mb-3">
            <legend className="fs-6">{t(k('customFields'))}</legend>
            <div className="form-text mb-2">{t(k('customFieldsHint'))}</div>
            {MAPPED.map((field) => (
              <Field key={field} id={`rt-cf-${field}`} label={t(k(`mapped.${field}`))}>
                <input
                  id={`rt-cf-${field}`}
                  className="form-control"
                  disabled={disabled}
                  value={draft.custom_fields[field] ?? ''}
                  onChange={(e) => {
                    const { [field]: _, ...others } = draft.custom_fields
                    set({ custom_fields: e.target.value ? { ...others, [field]: e.target.value } : others })
                  }}
                />
              </Field>
            ))}
          </fieldset>
          <Field id="rt-deployment" label={t(k('deployment'))} hint={t(k('deploymentHint'))}>
            <div className="d-flex gap-3 align-items-center">
              <select
                id="rt-deployment"
                className="form-select w-auto"
                disabled={disabled}
                value={draft.deployment}
                onChange={(e) => set({ deployment: e.target.value as Deployment })}
              >
                {DEPLOYMENTS.map((d) => (
                  <option key={d} value={d}>
                    {t(`ui.ticket.deployments.${d}`)}
                  </option>
                ))}
              </select>
              <TicketStatusBadge status={t(k('sampleStatus'))} isClosed={false} deployment={draft.deployment} />
            </div>
          </Field>
          <div className="d-flex gap-2 align-items-center">
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={disabled || !draft.base_url || !draft.queue || test.isPending}
              onClick={() => test.mutate(bodyOf(draft))}
            >
              {test.isPending ? t(k('testing')) : t(k('test'))}
            </button>
            {test.data && (
              <span className="text-success" role="status">
                {t(k('connected'), test.data)}
              </span>
            )}
            {isApiFailure(test.error) && (
              <span className="text-danger" role="alert">
                {translatedErrorText(test.error, i18n) ?? t(k('testFailed'))}
              </span>
            )}
          </div>
        </>
      )}
      <FormFooter
        dirty={JSON.stringify(draft) !== JSON.stringify(draftOf(saved))}
        canWrite={organization.canWrite}
        isPending={save.isPending}
        error={save.error}
        onDiscard={() => setDraft(draftOf(saved))}
      />
    </form>
  )
}

export function TicketProviderForm({ organization }: { organization: SettingsOrganization }) {
  const query = useTicketProvider(organization.id)
  return query.data ? <Editor key={JSON.stringify(query.data)} organization={organization} saved={query.data} /> : null
}
