/** The asset screens' texts: the catalogue's asset part loads with them, on top of the feature texts (tables). */
import { loadFeatureTexts, loadTexts } from '../app/i18n'

const assetsTexts = {
  en: () => import('../shared/i18n/en/assets-ui').then(({ assetsUi }) => ({ assets: assetsUi })),
  nl: () => import('../shared/i18n/nl/assets-ui').then(({ assetsUi }) => ({ assets: assetsUi })),
}

export const loadAssetsTexts = () => Promise.all([loadTexts(assetsTexts), loadFeatureTexts()]).then(() => undefined)
