import { PlaceholderPage } from '../../ui'

/** SPEC §2 /supported_devices; SPEC §1 supported_devices module, its own chunk. */
export function SupportedDevicesPage() {
  return <PlaceholderPage />
}
