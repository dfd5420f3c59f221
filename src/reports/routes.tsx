/** SPEC §2 Reports routes. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'
import { loadReportsTexts } from './texts'

type Page = 'ReportsPage' | 'ReportPage' | 'ReportSubViewPage' | 'ConfigurationPage' | 'EditConfigurationPage' | 'ReportTimelinePage'
const screen = (path: string, key: string, page: Page): RouteObject => ({
  path,
  handle: { screen: `reports.screens.${key}` },
  lazy: lazyPage(() => import('./pages'), page, loadReportsTexts),
})

/** SPEC §2 report sub-views: the report page showing that one content item. */
const SUB_VIEWS = {
  'uptime-summary': 'uptimeSummary',
  'state-summary': 'stateSummary',
  'stability-summary': 'stabilitySummary',
  'standby-summary': 'standbySummary',
  'risk-summary': 'riskSummary',
  graphs: 'graphs',
} as const

export const reportsRoutes: RouteObject[] = [
  // `*`: SPEC §2 "Tables support the path forms … /page={page}" (anything else there is not found).
  screen('reports/*', 'reports', 'ReportsPage'),
  screen('reports/:hostgroupname/:name', 'report', 'ReportPage'),
  screen('reports/:hostgroupname/:name/configuration', 'configuration', 'ConfigurationPage'),
  screen('reports/:hostgroupname/:name/configuration/edit', 'configuration', 'EditConfigurationPage'),
  screen('reports/:hostgroupname/:name/configuration/timeline', 'timeline', 'ReportTimelinePage'),
  ...Object.entries(SUB_VIEWS).map(([path, key]) => screen(`reports/:hostgroupname/:name/${path}`, key, 'ReportSubViewPage')),
]
