import { loadFeatureTexts } from '../app/i18n'

export { monitoringRoutes } from './routes'

/** SPEC §2 search modal for the shell (f or s on any screen), loaded on first use with its texts. */
export const loadSearchModal = () => Promise.all([import('./components/SearchModal'), loadFeatureTexts()]).then(([m]) => m.SearchModal)

/** Hosts were added, changed or removed elsewhere (administration): the monitoring tables are read again. */
export const monitoringTablesChanged = () => import('./api').then((m) => m.refreshTables())

/** Issue 18: acknowledge and maintenance for one host or resource (the map popover), loaded with its texts. */
export const loadObjectActions = () =>
  Promise.all([import('./components/ObjectActions'), loadFeatureTexts()]).then(([m]) => ({ default: m.ObjectActions }))
