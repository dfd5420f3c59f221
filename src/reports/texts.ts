/** The report screens' texts: the catalogue's report screen part loads with them, on top of the feature texts (tables, filter panel). */
import { loadFeatureTexts, loadTexts } from '../app/i18n'

const reportsTexts = {
  en: () => import('../shared/i18n/en/reports-ui').then(({ reportsUi }) => ({ reports: reportsUi })),
  nl: () => import('../shared/i18n/nl/reports-ui').then(({ reportsUi }) => ({ reports: reportsUi })),
}

export const loadReportsTexts = () => Promise.all([loadTexts(reportsTexts), loadFeatureTexts()]).then(() => undefined)
