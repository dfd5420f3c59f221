import { PlaceholderPage } from '../../ui'

/** Placeholder for the admin screens until their issue lands; one lazy chunk (SPEC §1 admin). */
export function AdminPage() {
  return <PlaceholderPage />
}
