import { PlaceholderPage } from '../../ui'

/** SPEC §2 /dev/tools (also ctrl+alt+d); SPEC §1 devtool module, its own chunk. */
export function DevToolsPage() {
  return <PlaceholderPage />
}
