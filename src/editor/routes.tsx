/** SPEC §2 Maps routes the editor owns: /edit of maps, legacy maps and slideshows. */
import type { RouteObject } from 'react-router'

const lazy = () => import('./pages').then((m) => ({ Component: m.EditorPage }))
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `maps.screens.${key}` }, lazy })

export const editorRoutes: RouteObject[] = [
  screen('maps/:hostgroup_name/:name/edit', 'editor'),
  screen('maps/:hostgroup_name/:name/legacy/edit', 'legacyEditor'),
  screen('maps/slideshows/:hostgroup_name/:name/edit', 'slideshowEdit'),
]
