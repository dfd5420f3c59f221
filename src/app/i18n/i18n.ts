/**
 * The i18next instance of the browser app. It starts with the core of the English catalogue; the
 * feature texts come with `loadFeatureTexts()`, which the lazy routes await (a smaller first load).
 */
import i18next from 'i18next'
import { enCore } from '../../shared/i18n/en/core'
import { importFeatureTexts } from './feature-texts'

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

let featureTexts: Promise<void> | null = null

/** Adds the monitoring, widget and maps texts (once); feature routes await it before they render. */
export function loadFeatureTexts(): Promise<void> {
  featureTexts ??= importFeatureTexts().then(([m, u, mapsUi, viewer]) => {
    i18n.addResourceBundle(
      'en',
      'translation',
      { monitoring: m.monitoring, ui: u.ui, maps: { ...mapsUi.mapsUi, ...viewer.mapsViewer } },
      true,
      true,
    )
  })
  return featureTexts
}
