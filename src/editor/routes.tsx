/** SPEC §2 Maps routes the editor owns: /edit of maps and legacy maps (a slideshow's /edit is the viewer's form). */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'
import { loadEditorTexts } from './texts'

const lazy = lazyPage(() => import('./pages'), 'EditorPage', loadEditorTexts)
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `maps.screens.${key}` }, lazy })

export const editorRoutes: RouteObject[] = [
  screen('maps/:hostgroup_name/:name/edit', 'editor'),
  screen('maps/:hostgroup_name/:name/legacy/edit', 'legacyEditor'),
]
