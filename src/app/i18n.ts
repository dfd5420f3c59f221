/** The i18next instance of the browser app, with the English catalogue of src/shared/i18n. */
import i18next from 'i18next'
import { en } from '../shared/i18n/en'

export const i18n = i18next.createInstance()

void i18n.init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
})
