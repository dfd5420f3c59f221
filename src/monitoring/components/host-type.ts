/** SPEC §3 host type categories and icons, from the one catalogue in src/shared. */
export { HOST_TYPE_CATEGORIES, hostTypeCategory, type HostTypeCategory } from '../../shared/host-types'
