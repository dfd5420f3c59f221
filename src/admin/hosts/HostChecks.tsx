import { useTranslation } from 'react-i18next'
import { StateBadge } from '../../ui'
import { useHostChecks } from './api'

export interface HostChecksProps {
  hostId: number
  hostName: string
}

/** The checks a host brought (its resources) and their states, refreshed while shown. */
export function HostChecks({ hostId, hostName }: HostChecksProps) {
  const { t } = useTranslation()
  const checks = useHostChecks(hostId)
  const rows = checks.data?.result ?? []
  return (
    <section aria-label={t('admin.hosts.checks.title', { name: hostName })} className="mb-3">
      <h2 className="h6">{t('admin.hosts.checks.title', { name: hostName })}</h2>
      {rows.length === 0 && !checks.isPending && <p>{t('admin.hosts.checks.none')}</p>}
      <ul className="list-unstyled">
        {rows.map((r) => (
          <li key={r.id}>
            <StateBadge kind="resource" state={r.state} /> <strong>{r.display_name}</strong>{' '}
            <span className="small">{r.plugin_output}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
