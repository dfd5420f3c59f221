/** SPEC §2 Monitoring routes. `*` takes the table path forms (/groupby=…/page=…) and sub-tabs like /all. */
import type { RouteObject } from 'react-router'

const lazy = () => import('./pages').then((m) => ({ Component: m.MonitoringPage }))
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `monitoring.screens.${key}` }, lazy })
// Issue 5: the timeline screens, one lazy chunk.
const timeline = (page: 'GlobalTimelinePage' | 'HostTimelinePage' | 'ResourceTimelinePage') => () => import('./timeline').then((m) => ({ Component: m[page] }))
// Issue 5: the graphs tabs, one lazy chunk (with d3).
const graphs = (page: 'HostGraphsPage' | 'ResourceGraphsPage') => () => import('./graphs').then((m) => ({ Component: m[page] }))

export const monitoringRoutes: RouteObject[] = [
  { index: true, handle: { screen: 'monitoring.screens.problems' }, lazy },
  screen('monitoring', 'problems'),
  screen('monitoring/problems/*', 'problems'),
  screen('monitoring/alerts/*', 'problems'),
  screen('monitoring/hosts', 'hosts'),
  screen('monitoring/hosts/:hostname', 'hostResources'),
  screen('monitoring/hosts/:hostname/resources/*', 'hostResources'),
  screen('monitoring/hosts/:hostname/status', 'hostStatus'),
  { ...screen('monitoring/hosts/:hostname/timeline/*', 'hostTimeline'), lazy: timeline('HostTimelinePage') },
  { ...screen('monitoring/hosts/:hostname/graphs', 'hostGraphs'), lazy: graphs('HostGraphsPage') },
  screen('monitoring/hosts/:hostname/risks', 'hostRisks'),
  screen('monitoring/hosts/:hostname/:resourcename', 'resourceStatus'),
  screen('monitoring/hosts/:hostname/:resourcename/status', 'resourceStatus'),
  { ...screen('monitoring/hosts/:hostname/:resourcename/timeline/*', 'resourceTimeline'), lazy: timeline('ResourceTimelinePage') },
  { ...screen('monitoring/hosts/:hostname/:resourcename/graphs', 'resourceGraphs'), lazy: graphs('ResourceGraphsPage') },
  screen('monitoring/hosts/:hostname/:resourcename/configs', 'resourceConfigs'),
  screen('monitoring/resources/*', 'resources'),
  { ...screen('monitoring/timeline/*', 'timeline'), lazy: timeline('GlobalTimelinePage') },
]
