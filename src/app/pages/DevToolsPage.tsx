import { useTranslation } from 'react-i18next'
import { ApiReference } from '../devtools/ApiReference'
import { CachePanel, RequestsPanel } from '../devtools/RequestsPanel'
import { CurrentUserPanel, FeedPanel } from '../devtools/SessionPanels'

/**
 * SPEC §2 /dev/tools (also ctrl+alt+d); SPEC §1 devtool module, its own chunk. The current user and rights, the
 * feed's status and topics, this page's API requests, the query cache and the API reference (issue 19).
 */
export function DevToolsPage() {
  const { t } = useTranslation()
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('app.screens.devTools')}</h1>
      <CurrentUserPanel />
      <FeedPanel />
      <RequestsPanel />
      <CachePanel />
      <ApiReference />
    </div>
  )
}
