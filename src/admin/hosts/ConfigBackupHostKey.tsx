import { useTranslation } from 'react-i18next'
import { FormError } from '../components/FormError'
import { useChangeConfigBackupCheck, type HostCheck } from './api'

// What a config-backup run says of the key it saw (checks/config-backup.ts): on success in its extended output, on
// a mismatch in its output.
const SEEN_KEY = /host key (SHA256:[A-Za-z0-9+/]{43})/

/**
 * The device's SSH host key, trusted on first use as `ssh` asks: the key the last backup saw, to compare with the
 * device's own and pin, after which a device presenting another key is never sent the credentials; or the pinned
 * key, which can be forgotten (a replaced device).
 */
export function ConfigBackupHostKey({ backups }: { backups: HostCheck }) {
  const { t } = useTranslation()
  const change = useChangeConfigBackupCheck()
  const config = backups.check_config ?? {}
  const pinned = typeof config.host_key === 'string' ? config.host_key : null
  const seen = SEEN_KEY.exec(`${backups.extended_output ?? ''} ${backups.plugin_output ?? ''}`)?.[1] ?? null
  if (!pinned && !seen) return null
  const { host_key: _pinned, ...unpinned } = config
  return (
    <div className="small mb-2" role="group" aria-label={t('admin.hosts.configBackups.hostKey')}>
      {pinned ? (
        <p className="mb-1">
          {t('admin.hosts.configBackups.pinned')} <code>{pinned}</code>
        </p>
      ) : (
        <p className="mb-1 text-warning-emphasis">
          {t('admin.hosts.configBackups.seen')} <code>{seen}</code> {t('admin.hosts.configBackups.notPinned')}
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={change.isPending}
        onClick={() => change.mutate({ resourceId: backups.id, config: pinned ? unpinned : { ...config, host_key: seen } })}
      >
        {pinned ? t('admin.hosts.configBackups.forget') : t('admin.hosts.configBackups.pin')}
      </button>
      <FormError error={change.error} />
    </div>
  )
}
