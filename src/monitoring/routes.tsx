/** SPEC §2 Monitoring routes. `*` takes the table path forms (/groupby=…/page=…) and sub-tabs like /all. */
import type { RouteObject } from 'react-router'

const lazy = () => import('./pages').then((m) => ({ Component: m.MonitoringPage }))
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `monitoring.screens.${key}` }, lazy })

export const monitoringRoutes: RouteObject[] = [
  { index: true, handle: { screen: 'monitoring.screens.problems' }, lazy },
  screen('monitoring', 'problems'),
  screen('monitoring/problems/*', 'problems'),
  screen('monitoring/alerts/*', 'problems'),
  screen('monitoring/hosts', 'hosts'),
  screen('monitoring/hosts/:hostname', 'hostResources'),
  screen('monitoring/hosts/:hostname/resources/*', 'hostResources'),
  screen('monitoring/hosts/:hostname/status', 'hostStatus'),
  screen('monitoring/hosts/:hostname/timeline/*', 'hostTimeline'),
  screen('monitoring/hosts/:hostname/graphs', 'hostGraphs'),
  screen('monitoring/hosts/:hostname/risks', 'hostRisks'),
  screen('monitoring/hosts/:hostname/:resourcename', 'resourceStatus'),
  screen('monitoring/hosts/:hostname/:resourcename/status', 'resourceStatus'),
  screen('monitoring/hosts/:hostname/:resourcename/timeline/*', 'resourceTimeline'),
  screen('monitoring/hosts/:hostname/:resourcename/graphs', 'resourceGraphs'),
  screen('monitoring/hosts/:hostname/:resourcename/configs', 'resourceConfigs'),
  screen('monitoring/resources/*', 'resources'),
  screen('monitoring/timeline/*', 'timeline'),
]
