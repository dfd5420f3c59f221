/** The i18next instance, the feature texts the lazy routes await, and the shell screens' texts. */
export { i18n, loadFeatureTexts } from './i18n'
export { loadScreenTexts } from './screen-texts'
