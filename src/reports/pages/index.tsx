import { PlaceholderPage } from '../../ui'

/** Placeholder for the report screens until their issue lands; one lazy chunk (SPEC §1 reports). */
export function ReportsPage() {
  return <PlaceholderPage />
}
