import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { HOST_TABS, hostPath, resourcePath, resourceTabs, type HostTab, type ResourceTab } from '../links'

export interface SubjectTabsProps {
  host: string
  /** A resource's tabs when given, else the host's. */
  resource?: string
  active: HostTab | ResourceTab
}

/**
 * SPEC §2 host tabs (resources, status, timeline, graphs, risks) and resource tabs (status, timeline,
 * graphs, and configs for Config Backups). Timeline and graphs are the pages of issue 5.
 */
export function SubjectTabs({ host, resource, active }: SubjectTabsProps) {
  const { t } = useTranslation()
  const tabs =
    resource === undefined
      ? HOST_TABS.map((tab) => ({ tab, to: hostPath(host, tab) }))
      : [...resourceTabs(resource).map((tab) => ({ tab, to: resourcePath(host, resource, tab) }))]
  return (
    <nav aria-label={t('monitoring.tabs.label')} className="mb-3">
      <ul className="nav nav-tabs">
        {resource !== undefined && (
          <li className="nav-item">
            <Link className="nav-link" to={hostPath(host, 'resources')}>
              {t('monitoring.tabs.host', { host })}
            </Link>
          </li>
        )}
        {tabs.map(({ tab, to }) => (
          <li key={tab} className="nav-item">
            <Link className={`nav-link${tab === active ? ' active' : ''}`} aria-current={tab === active ? 'page' : undefined} to={to}>
              {t(`monitoring.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
