/** The Dutch counterpart of ../en/core.ts: it loads only once Dutch is chosen (src/app/i18n/languages.ts). */
import type { enCore } from '../en/core'
import { adminScreens } from './admin-screens'
import { app } from './app'
import { assets } from './assets'
import { auth } from './auth'
import { dashboard } from './dashboard'
import { errorReasons, errors } from './errors'
import { maps } from './maps'
import { monitoringScreens } from './monitoring-screens'
import { reports } from './reports'
import { risks } from './risks'
import { uiCore } from './ui-core'

export const nlCore: typeof enCore = {
  app,
  auth,
  ui: uiCore,
  dashboard,
  monitoring: { screens: monitoringScreens },
  maps,
  reports,
  risks,
  assets,
  admin: { screens: adminScreens },
  errors,
  // SPEC §8 refusal texts per reason (tickets: no host info, still open), read by the API client and the screens
  errorReasons,
}
