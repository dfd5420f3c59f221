export { OverviewPage } from './OverviewPage'
export { EnvironmentsPage } from './EnvironmentsPage'
export { UsersPage } from './UsersPage'
export { OrganizationTimelinePage, UserTimelinePage } from './TimelinePages'
