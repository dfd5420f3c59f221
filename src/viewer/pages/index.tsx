import { PlaceholderPage } from '../../ui'

/** Placeholder for maps, the viewer and slideshows until their issues land; one lazy chunk (SPEC §1 maps). */
export function ViewerPage() {
  return <PlaceholderPage />
}
