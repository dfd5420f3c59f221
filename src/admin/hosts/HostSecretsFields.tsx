import { useTranslation } from 'react-i18next'
import { SNMP_V3_AUTH_PROTOCOLS, SNMP_V3_PRIV_PROTOCOLS } from '../../shared/api/entities'

/** SPEC §3 host admin credentials; sealed on the server, never sent back, so these fields always start empty. */
const SECRET_FIELDS = [
  ['snmp_community', 'snmpCommunity', 'password'],
  ['snmp_v3_user', 'snmpV3User', 'text'],
  ['snmp_v3_auth_password', 'snmpV3AuthPassword', 'password'],
  ['snmp_v3_priv_password', 'snmpV3PrivPassword', 'password'],
  ['user', 'user', 'text'],
  ['password', 'password', 'password'],
  ['enable_password', 'enablePassword', 'password'],
  ['ilo_user', 'iloUser', 'text'],
  ['backup_user', 'backupUser', 'text'],
  ['backup_password', 'backupPassword', 'password'],
  ['backup_private_key', 'backupPrivateKey', 'textarea'],
  ['backup_key_passphrase', 'backupKeyPassphrase', 'password'],
] as const

/** SNMPv3's protocols, chosen from what USM defines; empty leaves the agent's usual SHA and AES. */
const PROTOCOL_FIELDS = [
  ['snmp_v3_auth_protocol', 'snmpV3AuthProtocol', SNMP_V3_AUTH_PROTOCOLS],
  ['snmp_v3_priv_protocol', 'snmpV3PrivProtocol', SNMP_V3_PRIV_PROTOCOLS],
] as const

export type SecretValues = Partial<Record<(typeof SECRET_FIELDS)[number][0] | (typeof PROTOCOL_FIELDS)[number][0], string>>

export interface HostSecretsFieldsProps {
  values: SecretValues
  onChange(values: SecretValues): void
}

export function HostSecretsFields({ values, onChange }: HostSecretsFieldsProps) {
  const { t } = useTranslation()
  const label = (key: string, text: string) => (
    <label htmlFor={`host-secret-${key}`} className="form-label small mb-0">
      {t(`admin.hosts.form.${text}`)}
    </label>
  )
  return (
    <fieldset className="mb-2 border rounded p-2">
      <legend className="fs-6">{t('admin.hosts.form.secrets')}</legend>
      {SECRET_FIELDS.map(([key, text, type]) => {
        const field = {
          id: `host-secret-${key}`,
          autoComplete: 'off',
          className: 'form-control form-control-sm',
          value: values[key] ?? '',
          onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
        }
        return (
          <div key={key} className="mb-1">
            {label(key, text)}
            {/* A private key is many lines; like the other secrets it is never shown again once saved. */}
            {type === 'textarea' ? <textarea rows={3} spellCheck={false} {...field} /> : <input type={type} {...field} />}
          </div>
        )
      })}
      {PROTOCOL_FIELDS.map(([key, text, protocols]) => (
        <div key={key} className="mb-1">
          {label(key, text)}
          <select
            id={`host-secret-${key}`}
            className="form-select form-select-sm"
            value={values[key] ?? ''}
            onChange={(e) => onChange({ ...values, [key]: e.target.value })}
          >
            <option value="">{t('admin.hosts.form.snmpV3Default')}</option>
            {protocols.map((p) => (
              <option key={p} value={p}>
                {p.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  )
}
