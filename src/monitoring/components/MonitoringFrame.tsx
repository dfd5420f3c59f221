import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../../app/api'
import { showMessage } from '../../app/shell'
import { savePreferences } from '../../app/preferences'
import { useShortcuts } from '../../app/input'
import { refreshTables } from '../api'
import { useMonitoringFeed } from '../feed'
import { isLive, monitoringUi, useMonitoringUi } from '../state'
import { environmentFilterIds } from '../../shared/environment-filter'
import { EnvironmentSelector } from './EnvironmentSelector'
import { SearchModal } from './SearchModal'

export interface MonitoringFrameProps {
  /** Translated screen title (the page's heading). */
  title: string
  /** Host or resource tabs under the title. */
  tabs?: ReactNode
  children: ReactNode
}

/**
 * Around every monitoring screen of issue 4: the heading, the environment filter (SPEC §3, shortcut e and
 * c e), auto-refresh (shortcut p; live through the feed, SPEC §9 polling while it is down), the search
 * modal (f or s) and the table reload (r).
 */
export function MonitoringFrame({ title, tabs, children }: MonitoringFrameProps) {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const filtered = environmentFilterIds(user)
  useMonitoringFeed(filtered.length ? filtered : (user?.allowed_environments ?? []).map((e) => e.id))
  const autoRefresh = useMonitoringUi((s) => s.autoRefresh)
  const paused = useMonitoringUi((s) => s.autoRefresh && !isLive(s))
  const searchOpen = useMonitoringUi((s) => s.searchOpen)

  useShortcuts({
    search: monitoringUi.openSearch,
    environment: () => monitoringUi.setEnvironmentSelector(true),
    clearEnvironment: () => {
      savePreferences({ environmentFilter: [] })
      showMessage({ variant: 'info', text: t('monitoring.environments.cleared') })
    },
    autoRefresh: monitoringUi.toggleAutoRefresh,
    reloadTable: () => void refreshTables(),
  })

  return (
    <section className="container-fluid py-3">
      <header className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0 me-auto">{title}</h1>
        <EnvironmentSelector />
        <button
          type="button"
          className={`btn btn-sm ${autoRefresh ? 'btn-outline-success' : 'btn-outline-secondary'}`}
          aria-pressed={autoRefresh}
          onClick={monitoringUi.toggleAutoRefresh}
        >
          {t('monitoring.frame.autoRefresh')}
        </button>
        {paused && (
          <span className="badge text-bg-warning" role="status">
            {t('monitoring.frame.paused')}
          </span>
        )}
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={monitoringUi.openSearch}>
          {t('monitoring.search.open')}
        </button>
      </header>
      {tabs}
      {children}
      {searchOpen && <SearchModal onClose={monitoringUi.closeSearch} />}
    </section>
  )
}
