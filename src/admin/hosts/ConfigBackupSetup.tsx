import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BACKUP_PROFILE_NAMES, BACKUP_PROFILES, CONFIG_BACKUPS_RESOURCE, type BackupProfileName } from '../../shared/config-backups'
import { StateBadge } from '../../ui'
import { FormError } from '../components/FormError'
import { useChangeConfigBackupCheck, useHostChecks, useTurnOffConfigBackups, useTurnOnConfigBackups } from './api'
import { ConfigBackupHostKey } from './ConfigBackupHostKey'

export interface ConfigBackupSetupProps {
  hostId: number
  hostName: string
}

/**
 * SPEC §3 "a flag for whether configuration backups are supported", "backup credentials": for a host of such a type,
 * turns the Config Backups resource on with a device profile, changes its profile, pins the device's host key, or
 * turns it off.
 */
export function ConfigBackupSetup({ hostId, hostName }: ConfigBackupSetupProps) {
  const { t } = useTranslation()
  const checks = useHostChecks(hostId)
  const backups = checks.data?.result.find((r) => r.display_name === CONFIG_BACKUPS_RESOURCE)
  const current = backups?.check_config?.profile as BackupProfileName | undefined
  const [chosen, setProfile] = useState<BackupProfileName | null>(null)
  const profile = chosen ?? current ?? BACKUP_PROFILE_NAMES[0]
  const [confirming, setConfirming] = useState(false)
  const turnOn = useTurnOnConfigBackups()
  const change = useChangeConfigBackupCheck()
  const turnOff = useTurnOffConfigBackups()
  const title = t('admin.hosts.configBackups.title', { name: hostName })
  if (checks.isPending) return null
  return (
    <section aria-label={title} className="mb-3">
      <h2 className="h6">{title}</h2>
      <p className="small text-body-secondary">{t('admin.hosts.configBackups.hint')}</p>
      {backups && (
        <p>
          <StateBadge kind="resource" state={backups.state} /> <span className="small">{backups.plugin_output}</span>{' '}
          <Link to={`/monitoring/hosts/${encodeURIComponent(hostName)}/${encodeURIComponent(CONFIG_BACKUPS_RESOURCE)}/configs`}>
            {t('admin.hosts.configBackups.view')}
          </Link>
        </p>
      )}
      <div className="d-flex flex-wrap align-items-end gap-2">
        <div>
          <label className="form-label mb-0" htmlFor="config-backup-profile">
            {t('admin.hosts.configBackups.profile')}
          </label>
          <select
            id="config-backup-profile"
            className="form-select form-select-sm"
            value={profile}
            onChange={(e) => setProfile(e.target.value as BackupProfileName)}
          >
            {BACKUP_PROFILE_NAMES.map((name) => (
              <option key={name} value={name}>
                {BACKUP_PROFILES[name].display_name}
              </option>
            ))}
          </select>
        </div>
        {backups ? (
          <>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={change.isPending || profile === current}
              onClick={() => change.mutate({ resourceId: backups.id, config: { ...backups.check_config, profile } })}
            >
              {t('admin.hosts.configBackups.change')}
            </button>
            {confirming ? (
              <>
                <span className="small">{t('admin.hosts.configBackups.confirmOff')}</span>
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={turnOff.isPending}
                  onClick={() => turnOff.mutate(backups.id, { onSuccess: () => setConfirming(false) })}
                >
                  {t('admin.hosts.configBackups.turnOff')}
                </button>
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(false)}>
                  {t('admin.hosts.form.cancel')}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirming(true)}>
                {t('admin.hosts.configBackups.turnOff')}
              </button>
            )}
          </>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={turnOn.isPending}
            onClick={() => turnOn.mutate({ hostId, profile })}
          >
            {t('admin.hosts.configBackups.turnOn')}
          </button>
        )}
      </div>
      {backups && <ConfigBackupHostKey backups={backups} />}
      <FormError error={turnOn.error ?? change.error ?? turnOff.error} />
    </section>
  )
}
