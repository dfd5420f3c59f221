/** The i18next instance and the feature texts the lazy routes await. */
export { i18n, loadFeatureTexts } from './i18n'
