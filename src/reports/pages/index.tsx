export { ReportsPage } from './ReportsPage'
export { ReportPage } from './ReportPage'
export { ConfigurationPage, EditConfigurationPage } from './ConfigurationPage'
export { ReportTimelinePage } from './ReportTimelinePage'
