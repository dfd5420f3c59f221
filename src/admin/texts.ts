/**
 * The administration texts (admin, admin.hosts, admin.settings, admin.discovery, admin.probes) load with its screens, not with the shell: the
 * shell stays within its size budget (issue 2) however many admin screens there are. Only the screens' names
 * are in the core catalogue.
 */
import { i18n, loadFeatureTexts } from '../app/i18n'

let adminTexts: Promise<void> | undefined

export function loadAdminTexts(): Promise<void> {
  adminTexts ??= Promise.all([
    loadFeatureTexts(),
    import('../shared/i18n/en/admin'),
    import('../shared/i18n/en/admin-hosts'),
    import('../shared/i18n/en/admin-settings'),
    import('../shared/i18n/en/admin-discovery'),
    import('../shared/i18n/en/admin-probes'),
  ]).then(([, texts, hosts, settings, discovery, probes]) => {
    i18n.addResourceBundle(
      'en',
      'translation',
      {
        admin: {
          ...texts.admin,
          hosts: hosts.adminHosts,
          settings: settings.adminSettings,
          discovery: discovery.adminDiscovery,
          probes: probes.adminProbes,
        },
      },
      true,
      true,
    )
  })
  return adminTexts
}
