/**
 * The i18next instance of the browser app. It starts with the core of the English catalogue; the other parts
 * and languages come through languages.ts (`loadTexts`, `switchLanguage`), which the lazy routes await.
 */
import i18next from 'i18next'
import { enCore } from '../../shared/i18n/en/core'

export const i18n = i18next.createInstance()

void i18n.init({
  resources: { en: { translation: enCore } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
})
