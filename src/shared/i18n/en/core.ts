/**
 * The part of the English catalogue the shell and the login page need at once. The feature texts
 * (`monitoring`, the widgets of `ui`) load with the features, which keeps the first load small.
 */
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

export const enCore = {
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
