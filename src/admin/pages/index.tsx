import { PlaceholderPage } from '../../ui'

export { OverviewPage } from './OverviewPage'
export { EnvironmentsPage } from './EnvironmentsPage'
export { UsersPage } from './UsersPage'
export { OrganizationTimelinePage, UserTimelinePage } from './TimelinePages'

/** Placeholder for the admin screens of other issues (hosts, settings); one lazy chunk (SPEC §1 admin). */
export function AdminPage() {
  return <PlaceholderPage />
}
