import { PlaceholderPage } from '../../ui'

/** Placeholder for the dashboard until its issue lands; one lazy chunk (SPEC §1 dashboard). */
export function DashboardPage() {
  return <PlaceholderPage />
}
