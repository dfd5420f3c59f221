import { PlaceholderPage } from '../../ui'

/** SPEC §2 /user/tokens and /user/preferences; one chunk for both. */
export function UserPage() {
  return <PlaceholderPage />
}
