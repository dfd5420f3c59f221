/** SPEC §2 Risks: /risks and /risks/{hostgroup_name} (no module check, see src/app/guard/guard.ts). */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'

const lazy = lazyPage(() => import('./pages'), 'RisksPage')

export const risksRoutes: RouteObject[] = [
  { path: 'risks', handle: { screen: 'risks.screens.risks' }, lazy },
  { path: 'risks/:hostgroup_name', handle: { screen: 'risks.screens.environmentRisks' }, lazy },
]
