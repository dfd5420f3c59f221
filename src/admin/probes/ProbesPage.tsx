import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useEnvironments, type Environment } from '../api'
import { FormError } from '../components/FormError'
import type { ProbeCreated, ProbeRow } from '../../shared/api/probes'
import type { z } from 'zod'
import { useAssignProbe, useCreateProbe, useProbes, useRevokeProbe } from './api'

const time = (s: number) => new Date(s * 1000).toLocaleString()

/** Environments of every organization, several at once, each named with its organization. */
function EnvironmentsField({ id, value, onChange }: { id: string; value: number[]; onChange(ids: number[]): void }) {
  const { t } = useTranslation()
  const environments: Environment[] = useEnvironments(null).data ?? []
  return (
    <>
      <label htmlFor={id} className="form-label">
        {t('admin.probes.environments')}
      </label>
      <select
        id={id}
        multiple
        className="form-select"
        value={value.map(String)}
        onChange={(e) => onChange([...e.target.selectedOptions].map((o) => Number(o.value)))}
      >
        {environments.map((env) => (
          <option key={env.id} value={env.id}>
            {env.organization_name} / {env.alias || env.name}
          </option>
        ))}
      </select>
    </>
  )
}

function CreateProbe() {
  const { t } = useTranslation()
  const create = useCreateProbe()
  const [name, setName] = useState('')
  const [environmentIds, setEnvironmentIds] = useState<number[]>([])
  const [token, setToken] = useState<string | null>(null)
  return (
    <form
      className="row g-2 align-items-end mb-3"
      onSubmit={(e) => {
        e.preventDefault()
        create.mutate(
          { name, environment_ids: environmentIds },
          {
            onSuccess: (r) => {
              setToken((r as z.infer<typeof ProbeCreated>).token)
              setName('')
              setEnvironmentIds([])
            },
          },
        )
      }}
    >
      <div className="col-md-3">
        <label htmlFor="probe-name" className="form-label">
          {t('admin.probes.name')}
        </label>
        <input id="probe-name" className="form-control" required maxLength={128} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="col-md-5">
        <EnvironmentsField id="probe-environments" value={environmentIds} onChange={setEnvironmentIds} />
      </div>
      <div className="col-md-2">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t('admin.probes.create')}
        </button>
      </div>
      <div className="col-12">
        <FormError error={create.error} />
        {token && (
          <div className="alert alert-warning" role="status">
            <p className="mb-2">{t('admin.probes.shownOnce')}</p>
            <code className="d-block text-break" data-testid="probe-token">
              {token}
            </code>
          </div>
        )}
      </div>
    </form>
  )
}

function ProbeLine({ probe }: { probe: ProbeRow }) {
  const { t } = useTranslation()
  const assign = useAssignProbe()
  const revoke = useRevokeProbe()
  const [editing, setEditing] = useState<number[] | null>(null)
  const k = (key: string, o?: Record<string, unknown>) => t(`admin.probes.${key}`, o)
  return (
    <tr>
      <td>{probe.name}</td>
      <td>
        {editing ? (
          <div className="d-flex gap-2 align-items-end">
            <div>
              <EnvironmentsField id={`probe-${probe.id}-environments`} value={editing} onChange={setEditing} />
            </div>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => assign.mutate({ id: probe.id, environmentIds: editing }, { onSuccess: () => setEditing(null) })}
            >
              {k('save')}
            </button>
            <button type="button" className="btn btn-sm btn-link" onClick={() => setEditing(null)}>
              {k('cancel')}
            </button>
          </div>
        ) : (
          probe.environments.map((e) => e.name).join(', ')
        )}
        <FormError error={assign.error ?? revoke.error} />
      </td>
      <td>{probe.version}</td>
      <td className="text-nowrap">{probe.last_contact === null ? k('never') : time(probe.last_contact)}</td>
      <td>{k('lagSeconds', { count: probe.lag_s })}</td>
      <td>{probe.load}</td>
      <td>
        <span className={`badge ${probe.live ? 'text-bg-success' : 'text-bg-danger'}`}>{k(probe.live ? 'live' : 'silent')}</span>
      </td>
      <td className="text-end text-nowrap">
        <button type="button" className="btn btn-sm btn-link" onClick={() => setEditing(probe.environments.map((e) => e.id))}>
          {k('assign')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-link text-danger"
          onClick={() => window.confirm(k('revokeConfirm', { name: probe.name })) && revoke.mutate(probe.id)}
        >
          {k('revoke')}
        </button>
      </td>
    </tr>
  )
}

/** Issue 20: probes in customer networks (server admins; others get a 403 page). */
export function ProbesPage() {
  const { t } = useTranslation()
  const probes = useProbes()
  const k = (key: string) => t(`admin.probes.${key}`)
  return (
    <section className="container-fluid py-3">
      <h1 className="h4">{t('admin.screens.probes')}</h1>
      <p className="text-body-secondary">{k('intro')}</p>
      <CreateProbe />
      <table className="table table-sm align-top" aria-label={t('admin.screens.probes')}>
        <thead>
          <tr>
            <th>{k('name')}</th>
            <th>{k('environments')}</th>
            <th>{k('version')}</th>
            <th>{k('lastContact')}</th>
            <th>{k('lag')}</th>
            <th>{k('load')}</th>
            <th>{k('status')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(probes.data ?? []).map((p) => (
            <ProbeLine key={p.id} probe={p} />
          ))}
          {probes.data?.length === 0 && (
            <tr>
              <td colSpan={8} className="text-body-secondary">
                {k('none')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  )
}
