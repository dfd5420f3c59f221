import { PlaceholderPage } from '../../ui'

/** SPEC §2 /versions; SPEC §1 versions module, its own chunk. */
export function VersionsPage() {
  return <PlaceholderPage />
}
