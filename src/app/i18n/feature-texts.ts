/**
 * The feature texts' modules (monitoring, widgets, maps), each a chunk of its own. i18n.ts adds them to the
 * catalogue; the early start (early/early-start.ts) fetches them before the shell has loaded.
 */
export const importFeatureTexts = () =>
  Promise.all([
    import('../../shared/i18n/en/monitoring'),
    import('../../shared/i18n/en/ui'),
    import('../../shared/i18n/en/maps-ui'),
    import('../../shared/i18n/en/viewer'),
  ])
