import { PlaceholderPage } from '../../ui'

/** Placeholder for the map and slideshow editors until their issues land; its own lazy chunk (SPEC §1 maps). */
export function EditorPage() {
  return <PlaceholderPage />
}
