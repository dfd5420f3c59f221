export { ReportsPage } from './ReportsPage'
export { ReportPage, ReportSubViewPage } from './ReportPage'
export { ConfigurationPage, EditConfigurationPage } from './ConfigurationPage'
export { ReportTimelinePage } from './ReportTimelinePage'
