/** SPEC §2 Admin routes. */
import type { RouteObject } from 'react-router'

const lazy = () => import('./pages').then((m) => ({ Component: m.AdminPage }))
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `admin.screens.${key}` }, lazy })
/** The settings screens with their texts (the catalogue's admin.settings part loads with them, as the editor's does). */
const settingsLazy = () =>
  Promise.all([import('./settings'), import('../shared/i18n/en/admin-settings'), import('../app/i18n')]).then(async ([m, texts, i18n]) => {
    await i18n.loadFeatureTexts()
    i18n.i18n.addResourceBundle('en', 'translation', { admin: { settings: texts.adminSettings } }, true, true)
    return { Component: m.SettingsPage }
  })
const settings = (path: string, key: string): RouteObject => ({ ...screen(path, key), lazy: settingsLazy })

/** SPEC §2 settings under /admin/{organization}/settings/: thresholds (default), services, agent, risks, labels. */
const SETTINGS = ['thresholds', 'services', 'agent', 'risks', 'labels'] as const

export const adminRoutes: RouteObject[] = [
  screen('admin', 'overview'),
  screen('admin/:organization', 'hosts'),
  screen('admin/:organization/hosts', 'hosts'),
  screen('admin/:organization/hosts/:contentActiveSubTab', 'hosts'),
  screen('admin/:organization/environments', 'environments'),
  screen('admin/:organization/users', 'users'),
  screen('admin/:organization/timeline', 'timeline'),
  screen('admin/:organization/users/:user/timeline', 'userTimeline'),
  settings('admin/:organization/settings', 'thresholds'),
  ...SETTINGS.map((section) => settings(`admin/:organization/settings/${section}`, section)),
]
