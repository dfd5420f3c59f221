/** SPEC §2 Monitoring routes. `*` takes the table path forms (/groupby=…/page=…) and sub-tabs like /all. */
import type { RouteObject } from 'react-router'
import { loadFeatureTexts } from '../app/i18n'
import { lazyPage } from '../app/shell'

// Issue 4: the alerts, host and resource screens, one lazy chunk.
type Page = keyof typeof import('./pages')
const page = (name: Page) => lazyPage(() => import('./pages'), name, loadFeatureTexts)
const screen = (path: string, key: string, name?: Page): RouteObject => ({
  path,
  handle: { screen: `monitoring.screens.${key}` },
  ...(name ? { lazy: page(name) } : {}),
})
// Issue 5: the timeline screens, one lazy chunk.
const timeline = (page: 'GlobalTimelinePage' | 'HostTimelinePage' | 'ResourceTimelinePage') =>
  lazyPage(() => import('./timeline'), page, loadFeatureTexts)
// Issue 5: the graphs tabs, one lazy chunk (with d3).
const graphs = (page: 'HostGraphsPage' | 'ResourceGraphsPage') => lazyPage(() => import('./graphs'), page, loadFeatureTexts)

export const monitoringRoutes: RouteObject[] = [
  { index: true, handle: { screen: 'monitoring.screens.problems' }, lazy: page('ProblemsPage') },
  screen('monitoring', 'problems', 'ProblemsPage'),
  screen('monitoring/problems/*', 'problems', 'ProblemsPage'),
  screen('monitoring/alerts/*', 'problems', 'ProblemsPage'),
  screen('monitoring/hosts', 'hosts', 'HostsPage'),
  screen('monitoring/hosts/:hostname', 'hostResources', 'HostRoutePage'),
  screen('monitoring/hosts/:hostname/resources/*', 'hostResources', 'HostResourcesPage'),
  screen('monitoring/hosts/:hostname/status', 'hostStatus', 'HostStatusPage'),
  { ...screen('monitoring/hosts/:hostname/timeline/*', 'hostTimeline'), lazy: timeline('HostTimelinePage') },
  { ...screen('monitoring/hosts/:hostname/graphs', 'hostGraphs'), lazy: graphs('HostGraphsPage') },
  screen('monitoring/hosts/:hostname/risks/*', 'hostRisks', 'HostRisksPage'),
  screen('monitoring/hosts/:hostname/:resourcename', 'resourceStatus', 'ResourceRoutePage'),
  screen('monitoring/hosts/:hostname/:resourcename/status', 'resourceStatus', 'ResourceStatusPage'),
  { ...screen('monitoring/hosts/:hostname/:resourcename/timeline/*', 'resourceTimeline'), lazy: timeline('ResourceTimelinePage') },
  { ...screen('monitoring/hosts/:hostname/:resourcename/graphs', 'resourceGraphs'), lazy: graphs('ResourceGraphsPage') },
  screen('monitoring/hosts/:hostname/:resourcename/configs', 'resourceConfigs', 'ResourceConfigsPage'),
  screen('monitoring/resources/*', 'resources', 'ResourcesPage'),
  { ...screen('monitoring/timeline/*', 'timeline'), lazy: timeline('GlobalTimelinePage') },
  // The Vigil page a built-in ticket's web_url points at (SPEC §3 Ticket); no module of its own (SPEC §6).
  {
    path: 'tickets/:ticket_id',
    handle: { screen: 'monitoring.screens.ticket' },
    lazy: lazyPage(() => import('./tickets'), 'TicketPage', loadFeatureTexts),
  },
]
