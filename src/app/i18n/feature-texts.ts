/**
 * The feature texts' modules (monitoring, widgets, maps), each a chunk of its own per language. languages.ts adds
 * them to the catalogue; the early start (early/early-start.ts) fetches them before the shell has loaded, so this
 * file imports nothing that would pull i18next into it.
 */
type Modules = [
  typeof import('../../shared/i18n/en/monitoring'),
  typeof import('../../shared/i18n/en/ui'),
  typeof import('../../shared/i18n/en/maps-ui'),
  typeof import('../../shared/i18n/en/viewer'),
]

const merge = ([m, u, mapsUi, viewer]: Modules) => ({
  monitoring: m.monitoring,
  ui: u.ui,
  maps: { ...mapsUi.mapsUi, ...viewer.mapsViewer },
})

export const featureTexts = {
  en: () =>
    Promise.all([
      import('../../shared/i18n/en/monitoring'),
      import('../../shared/i18n/en/ui'),
      import('../../shared/i18n/en/maps-ui'),
      import('../../shared/i18n/en/viewer'),
    ]).then(merge),
  nl: () =>
    Promise.all([
      import('../../shared/i18n/nl/monitoring'),
      import('../../shared/i18n/nl/ui'),
      import('../../shared/i18n/nl/maps-ui'),
      import('../../shared/i18n/nl/viewer'),
    ]).then(merge),
}
