/** The i18next instance, the catalogue's parts per language (feature texts, shell screens) and the language switch. */
export { i18n } from './i18n'
export { isLanguage, loadFeatureTexts, loadTexts, rememberedLanguage, switchLanguage, type TextPart } from './languages'
export { loadScreenTexts } from './screen-texts'
