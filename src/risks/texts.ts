/** The risk screens' texts: the catalogue's risk screen part loads with them, on top of the feature texts (tables, filter panel). */
import { loadFeatureTexts, loadTexts } from '../app/i18n'

const risksTexts = {
  en: () => import('../shared/i18n/en/risks-ui').then(({ risksUi }) => ({ risks: risksUi })),
  nl: () => import('../shared/i18n/nl/risks-ui').then(({ risksUi }) => ({ risks: risksUi })),
}

export const loadRisksTexts = () => Promise.all([loadTexts(risksTexts), loadFeatureTexts()]).then(() => undefined)
