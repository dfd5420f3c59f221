/** SPEC §2 Risks: /risks and /risks/{hostgroup_name} (no module check, see src/app/guard/guard.ts). */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'
import { loadRisksTexts } from './texts'

const page = (name: 'RisksPage' | 'EnvironmentRisksPage') => lazyPage(() => import('./pages'), name, loadRisksTexts)

export const risksRoutes: RouteObject[] = [
  // `*`: SPEC §2 "Tables support the path forms … /page={page}"; /risks/page=2 reaches the environment's route
  // (a name never holds "="), which shows the overview then.
  { path: 'risks', handle: { screen: 'risks.screens.risks' }, lazy: page('RisksPage') },
  { path: 'risks/:hostgroup_name/*', handle: { screen: 'risks.screens.environmentRisks' }, lazy: page('EnvironmentRisksPage') },
]
