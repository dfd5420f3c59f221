/** The Dutch catalogue, shaped as ../en/index.ts (tests compare the two key by key). */
import { admin } from './admin'
import { adminDiscovery } from './admin-discovery'
import { adminHosts } from './admin-hosts'
import { adminProbes } from './admin-probes'
import { adminSettings } from './admin-settings'
import { app } from './app'
import { assets } from './assets'
import { assetsUi } from './assets-ui'
import { configBackups } from './config-backups'
import { auth } from './auth'
import { dashboard } from './dashboard'
import { editor } from './editor'
import { errorReasons, errors } from './errors'
import { maps } from './maps'
import { mapsUi } from './maps-ui'
import { monitoring } from './monitoring'
import { reports } from './reports'
import { reportsUi } from './reports-ui'
import { risks } from './risks'
import { risksUi } from './risks-ui'
import { shellScreens } from './shell-screens'
import { ui } from './ui'
import { mapsViewer } from './viewer'
import { user } from './user'
import type { Catalogue } from '../en'

export const nl: Catalogue = {
  app,
  auth,
  ui,
  dashboard,
  monitoring,
  maps: { ...mapsUi, ...mapsViewer, ...maps },
  editor,
  reports: { ...reports, ...reportsUi },
  risks: { ...risks, ...risksUi },
  assets: { ...assets, ...assetsUi },
  configBackups,
  user,
  admin: { ...admin, hosts: adminHosts, settings: adminSettings, discovery: adminDiscovery, probes: adminProbes },
  errors,
  shell: shellScreens,
  errorReasons,
}
