import { PlaceholderPage } from '../../ui'

/** Placeholder for the asset screens until their issue lands; one lazy chunk (SPEC §1 assets). */
export function AssetsPage() {
  return <PlaceholderPage />
}
