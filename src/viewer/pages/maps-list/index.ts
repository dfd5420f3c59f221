/** SPEC §2 /maps: the maps table, the add-map form and "New map from…" (one lazy chunk with the slideshows). */
export { MapsListPage } from './MapsListPage'
