import { PlaceholderPage } from '../../ui'

export { SoftwareDetailPage } from './SoftwareDetailPage'
export { SoftwarePage } from './SoftwarePage'

/** The host asset screens until their inventory (SPEC §3 asset sections) is collected; one lazy chunk (SPEC §1 assets). */
export function AssetsPage() {
  return <PlaceholderPage />
}
