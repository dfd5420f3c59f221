import { useTranslation } from 'react-i18next'

/** SPEC §3 host admin credentials; sealed on the server, never sent back, so these fields always start empty. */
const SECRET_FIELDS = [
  ['snmp_community', 'snmpCommunity', 'password'],
  ['user', 'user', 'text'],
  ['password', 'password', 'password'],
  ['enable_password', 'enablePassword', 'password'],
  ['ilo_user', 'iloUser', 'text'],
  ['backup_user', 'backupUser', 'text'],
  ['backup_password', 'backupPassword', 'password'],
] as const

export type SecretValues = Partial<Record<(typeof SECRET_FIELDS)[number][0], string>>

export interface HostSecretsFieldsProps {
  values: SecretValues
  onChange(values: SecretValues): void
}

export function HostSecretsFields({ values, onChange }: HostSecretsFieldsProps) {
  const { t } = useTranslation()
  return (
    <fieldset className="mb-2 border rounded p-2">
      <legend className="fs-6">{t('admin.hosts.form.secrets')}</legend>
      {SECRET_FIELDS.map(([key, label, type]) => (
        <div key={key} className="mb-1">
          <label htmlFor={`host-secret-${key}`} className="form-label small mb-0">
            {t(`admin.hosts.form.${label}`)}
          </label>
          <input
            id={`host-secret-${key}`}
            type={type}
            autoComplete="off"
            className="form-control form-control-sm"
            value={values[key] ?? ''}
            onChange={(e) => onChange({ ...values, [key]: e.target.value })}
          />
        </div>
      ))}
    </fieldset>
  )
}
