/** The asset screens (SPEC §2 Assets), one lazy chunk (SPEC §1 assets). */
export { HostAssetPage } from './HostAssetPage'
export { HostAssetsPage } from './HostAssetsPage'
export { SoftwareDetailPage } from './SoftwareDetailPage'
export { SoftwarePage } from './SoftwarePage'
