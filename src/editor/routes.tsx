/** SPEC §2 Maps routes the editor owns: /edit of maps, legacy maps and slideshows. */
import type { RouteObject } from 'react-router'

/** The editor's page with its texts (the catalogue's editor part loads with the editor, like other features). */
const lazy = () =>
  Promise.all([import('./pages'), import('../shared/i18n/en/editor'), import('../app/i18n/i18n')]).then(async ([m, texts, i18n]) => {
    await i18n.loadFeatureTexts()
    i18n.i18n.addResourceBundle('en', 'translation', { editor: texts.editor }, true, true)
    return { Component: m.EditorPage }
  })
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `maps.screens.${key}` }, lazy })

export const editorRoutes: RouteObject[] = [
  screen('maps/:hostgroup_name/:name/edit', 'editor'),
  screen('maps/:hostgroup_name/:name/legacy/edit', 'legacyEditor'),
  {
    ...screen('maps/slideshows/:hostgroup_name/:name/edit', 'slideshowEdit'),
    lazy: () =>
      Promise.all([import('../viewer/pages/slideshows'), import('../app/i18n/i18n').then((i) => i.loadFeatureTexts())]).then(([m]) => ({
        Component: m.SlideshowEditPage,
      })),
  },
]
