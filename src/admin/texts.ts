/**
 * The administration texts (admin, admin.hosts, admin.settings, admin.discovery, admin.probes) load with its screens, not with the shell: the
 * shell stays within its size budget (issue 2) however many admin screens there are. Only the screens' names
 * are in the core catalogue.
 */
import { loadFeatureTexts, loadTexts } from '../app/i18n'

type Modules = [
  typeof import('../shared/i18n/en/admin'),
  typeof import('../shared/i18n/en/admin-hosts'),
  typeof import('../shared/i18n/en/admin-settings'),
  typeof import('../shared/i18n/en/admin-discovery'),
  typeof import('../shared/i18n/en/admin-probes'),
]

const merge = ([texts, hosts, settings, discovery, probes]: Modules) => ({
  admin: {
    ...texts.admin,
    hosts: hosts.adminHosts,
    settings: settings.adminSettings,
    discovery: discovery.adminDiscovery,
    probes: probes.adminProbes,
  },
})

const adminTexts = {
  en: () =>
    Promise.all([
      import('../shared/i18n/en/admin'),
      import('../shared/i18n/en/admin-hosts'),
      import('../shared/i18n/en/admin-settings'),
      import('../shared/i18n/en/admin-discovery'),
      import('../shared/i18n/en/admin-probes'),
    ]).then(merge),
  nl: () =>
    Promise.all([
      import('../shared/i18n/nl/admin'),
      import('../shared/i18n/nl/admin-hosts'),
      import('../shared/i18n/nl/admin-settings'),
      import('../shared/i18n/nl/admin-discovery'),
      import('../shared/i18n/nl/admin-probes'),
    ]).then(merge),
}

export const loadAdminTexts = (): Promise<void> => Promise.all([loadFeatureTexts(), loadTexts(adminTexts)]).then(() => undefined)
