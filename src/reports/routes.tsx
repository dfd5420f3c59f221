/** SPEC §2 Reports routes. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'

const lazy = lazyPage(() => import('./pages'), 'ReportsPage')
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `reports.screens.${key}` }, lazy })

/** SPEC §2 report sub-views. */
const SUB_VIEWS = {
  'uptime-summary': 'uptimeSummary',
  'state-summary': 'stateSummary',
  'stability-summary': 'stabilitySummary',
  'standby-summary': 'standbySummary',
  'risk-summary': 'riskSummary',
  graphs: 'graphs',
} as const

export const reportsRoutes: RouteObject[] = [
  screen('reports', 'reports'),
  screen('reports/:hostgroupname/:name', 'report'),
  screen('reports/:hostgroupname/:name/configuration', 'configuration'),
  screen('reports/:hostgroupname/:name/configuration/edit', 'configuration'),
  screen('reports/:hostgroupname/:name/configuration/timeline', 'timeline'),
  ...Object.entries(SUB_VIEWS).map(([path, key]) => screen(`reports/:hostgroupname/:name/${path}`, key)),
]
