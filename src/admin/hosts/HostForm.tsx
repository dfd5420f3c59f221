import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ACCESS_METHODS, HOST_TYPE_NAMES, HOST_TYPES, WINDOWS_ROLES, type WindowsRole } from '../../shared/host-types'
import { plannedChecks } from '../../shared/host-tags'
import { failureOf, useCreateHost, useDeleteHost, useUpdateHost, type AdminHostRow } from './api'
import { useCurrentUser } from '../../app/api'
import { useServices } from '../settings/api'
import { HostSecretsFields, type SecretValues } from './HostSecretsFields'
import { OptionTagPicker } from './OptionTagPicker'

export interface HostFormProps {
  environments: { id: number; alias: string }[]
  /** the host edited; absent when adding one */
  host?: AdminHostRow
  onDone(host: AdminHostRow): void
  onCancel(): void
  onDeleted(): void
}

const splitTags = (text: string) =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)

/** Add or edit a host with every SPEC §3 host admin field; credentials are write-only (never shown back). */
export function HostForm({ environments, host, onDone, onCancel, onDeleted }: HostFormProps) {
  const { t } = useTranslation()
  const create = useCreateHost()
  const update = useUpdateHost()
  const remove = useDeleteHost()
  const [confirming, setConfirming] = useState(false)
  const [name, setName] = useState(host?.name ?? '')
  const [hosttype, setHosttype] = useState(host?.hosttype ?? 'linux')
  const [fqdn, setFqdn] = useState(host?.hostname && host.hostname !== host.name ? host.hostname : '')
  const [ip, setIp] = useState(host?.ip_address ?? '')
  const [environment, setEnvironment] = useState(host?.hostgroup_id ?? environments[0]?.id ?? 0)
  const [tags, setTags] = useState((host?.tags ?? []).join(', '))
  const [accessMethod, setAccessMethod] = useState(host?.access_method ?? '')
  const [roles, setRoles] = useState<WindowsRole[]>([])
  const [notify, setNotify] = useState(host?.notifications_enabled ?? true)
  const [attempts, setAttempts] = useState(host?.max_check_attempts ?? 3)
  const [custom, setCustom] = useState(Boolean(host?.custom_check))
  const [inspection, setInspection] = useState(host?.website_inspection_config ?? '')
  const [secrets, setSecrets] = useState<SecretValues>({})
  // The checks the organization turned off for this type (settings/services) are not brought.
  const organizationName = useParams().organization
  const organizationId = useCurrentUser()?.allowed_organizations.find((o) => o.name === organizationName)?.id
  const disabledChecks = useServices(organizationId).data?.disabled_checks[hosttype]
  const mutation = host ? update : create
  const failure = failureOf(mutation.error ?? remove.error)
  const moved = host !== undefined && environment !== host.hostgroup_id
  const brings = plannedChecks({
    hosttype,
    hostname: fqdn || name,
    tags: splitTags(tags),
    access_method: accessMethod,
    windows_roles: roles,
    custom_check: custom,
    website_inspection_config: inspection,
    disabled_checks: disabledChecks,
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const filled = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v))
    const body = {
      name,
      hosttype,
      ip_address: ip,
      tags: splitTags(tags),
      hostgroup_id: environment,
      notifications_enabled: notify,
      max_check_attempts: attempts,
      custom_check: custom,
      website_inspection_config: inspection,
      ...(fqdn ? { fqdn } : {}),
      ...(accessMethod ? { access_method: accessMethod as (typeof ACCESS_METHODS)[number] } : {}),
      ...(Object.keys(filled).length ? { secrets: filled } : {}),
    }
    if (host) update.mutate({ id: host.id, body }, { onSuccess: onDone })
    else create.mutate({ ...body, ...(roles.length ? { windows_roles: roles } : {}) }, { onSuccess: onDone })
  }

  const field = (id: string, label: string, input: React.ReactNode) => (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {input}
    </div>
  )
  return (
    <form onSubmit={submit} aria-label={host ? t('admin.hosts.form.editTitle', { name: host.name }) : t('admin.hosts.form.createTitle')}>
      <h2 className="h5">{host ? t('admin.hosts.form.editTitle', { name: host.name }) : t('admin.hosts.form.createTitle')}</h2>
      {field(
        'host-name',
        t('admin.hosts.form.name'),
        <input id="host-name" className="form-control" required value={name} onChange={(e) => setName(e.target.value)} />,
      )}
      {field(
        'host-type',
        t('admin.hosts.form.hosttype'),
        <select id="host-type" className="form-select" value={hosttype} onChange={(e) => setHosttype(e.target.value)}>
          {HOST_TYPE_NAMES.map((n) => (
            <option key={n} value={n}>
              {HOST_TYPES[n].display_name}
            </option>
          ))}
        </select>,
      )}
      {field(
        'host-fqdn',
        t('admin.hosts.form.fqdn'),
        <input id="host-fqdn" className="form-control" value={fqdn} onChange={(e) => setFqdn(e.target.value)} />,
      )}
      {field(
        'host-ip',
        t('admin.hosts.form.ip'),
        <input id="host-ip" className="form-control" value={ip} onChange={(e) => setIp(e.target.value)} />,
      )}
      {field(
        'host-environment',
        t('admin.hosts.form.environment'),
        <select id="host-environment" className="form-select" value={environment} onChange={(e) => setEnvironment(Number(e.target.value))}>
          {environments.map((env) => (
            <option key={env.id} value={env.id}>
              {env.alias}
            </option>
          ))}
        </select>,
      )}
      {field(
        'host-tags',
        t('admin.hosts.form.tags'),
        <input id="host-tags" className="form-control" value={tags} onChange={(e) => setTags(e.target.value)} />,
      )}
      <OptionTagPicker hosttype={hosttype} tags={splitTags(tags)} onChange={(next) => setTags(next.join(', '))} />
      {field(
        'host-access',
        t('admin.hosts.form.accessMethod'),
        <select id="host-access" className="form-select" value={accessMethod} onChange={(e) => setAccessMethod(e.target.value)}>
          <option value="">{t('admin.hosts.form.accessDefault')}</option>
          {ACCESS_METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>,
      )}
      {!host && hosttype === 'windows' && (
        <fieldset className="mb-2">
          <legend className="form-label fs-6">{t('admin.hosts.form.windowsRoles')}</legend>
          {WINDOWS_ROLES.map((r) => (
            <label key={r} className="form-check form-check-inline">
              <input
                type="checkbox"
                className="form-check-input"
                checked={roles.includes(r)}
                onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))}
              />
              {r}
            </label>
          ))}
        </fieldset>
      )}
      <HostSecretsFields values={secrets} onChange={setSecrets} />
      <label className="form-check mb-2">
        <input type="checkbox" className="form-check-input" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
        {t('admin.hosts.form.notificationsEnabled')}
      </label>
      {field(
        'host-attempts',
        t('admin.hosts.form.maxCheckAttempts'),
        <input
          id="host-attempts"
          type="number"
          min={1}
          max={100}
          className="form-control"
          value={attempts}
          onChange={(e) => setAttempts(Number(e.target.value))}
        />,
      )}
      <label className="form-check mb-2">
        <input type="checkbox" className="form-check-input" checked={custom} onChange={(e) => setCustom(e.target.checked)} />
        {t('admin.hosts.form.customCheck')}
      </label>
      {field(
        'host-inspection',
        t('admin.hosts.form.inspection'),
        <textarea
          id="host-inspection"
          className="form-control font-monospace"
          rows={3}
          value={inspection}
          onChange={(e) => setInspection(e.target.value)}
        />,
      )}
      <p className="small text-body-secondary">
        {t('admin.hosts.form.brings', { checks: ['ping', ...brings.map((c) => c.name)].join(', ') })}
      </p>
      {failure && (
        <div role="alert" className="alert alert-danger py-1">
          {moved ? `${t('admin.hosts.form.moveFailed')}: ` : ''}
          {t(`errors.${failure.key}`, failure.extra)}
        </div>
      )}
      <button type="submit" className="btn btn-primary me-2" disabled={mutation.isPending}>
        {t('admin.hosts.form.save')}
      </button>
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        {t('admin.hosts.form.cancel')}
      </button>
      {host && (
        <button
          type="button"
          className="btn btn-outline-danger ms-2"
          disabled={remove.isPending}
          onClick={() => (confirming ? remove.mutate(host.id, { onSuccess: onDeleted }) : setConfirming(true))}
        >
          {t(confirming ? 'admin.hosts.form.confirmDelete' : 'admin.hosts.form.delete', { name: host.name })}
        </button>
      )}
    </form>
  )
}
