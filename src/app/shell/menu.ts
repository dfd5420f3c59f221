/**
 * SPEC §2 "Main menu": dashboard; monitoring (problems, hosts, resources, timeline); risks; reports; admin;
 * assets (hosts, software); maps (maps, slideshows). An entry shows only when its module is allowed (SPEC §6).
 */
import type { Module } from '../../shared/enums'

export interface MenuLink {
  labelKey: string
  to: string
}

export interface MenuEntry extends MenuLink {
  module: Module
  /** Sub-entries; the entry itself is then a group heading. */
  children?: readonly MenuLink[]
}

export const MAIN_MENU: readonly MenuEntry[] = [
  { module: 'dashboard', labelKey: 'app.menu.dashboard', to: '/dashboard' },
  {
    module: 'monitoring',
    labelKey: 'app.menu.monitoring',
    to: '/monitoring/problems',
    children: [
      { labelKey: 'app.menu.problems', to: '/monitoring/problems' },
      { labelKey: 'app.menu.hosts', to: '/monitoring/hosts' },
      { labelKey: 'app.menu.resources', to: '/monitoring/resources' },
      { labelKey: 'app.menu.timeline', to: '/monitoring/timeline' },
    ],
  },
  { module: 'risks', labelKey: 'app.menu.risks', to: '/risks' },
  { module: 'reports', labelKey: 'app.menu.reports', to: '/reports' },
  { module: 'admin', labelKey: 'app.menu.admin', to: '/admin' },
  {
    module: 'assets',
    labelKey: 'app.menu.assets',
    to: '/assets/hosts',
    children: [
      { labelKey: 'app.menu.hosts', to: '/assets/hosts' },
      { labelKey: 'app.menu.software', to: '/assets/software' },
    ],
  },
  {
    module: 'maps',
    labelKey: 'app.menu.maps',
    to: '/maps',
    children: [
      { labelKey: 'app.menu.maps', to: '/maps' },
      { labelKey: 'app.menu.slideshows', to: '/maps/slideshows' },
    ],
  },
]

export function visibleMenu(allowedModules: readonly Module[], menu: readonly MenuEntry[] = MAIN_MENU): MenuEntry[] {
  return menu.filter((entry) => allowedModules.includes(entry.module))
}
