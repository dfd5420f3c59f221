import { PlaceholderPage } from '../../ui'

/** Placeholder for the risk screens until their issue lands; one lazy chunk (SPEC §1 risk). */
export function RisksPage() {
  return <PlaceholderPage />
}
