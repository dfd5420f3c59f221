import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { appRoutes } from '../../../../src/app/shell/routes'
import { i18n } from '../../../../src/app/i18n/i18n'

/** The deepest matched route: its screen key, and whether it sits in the protected shell. */
function resolve(pathname: string) {
  const matches = matchRoutes(appRoutes, pathname) ?? []
  const last = matches.at(-1)
  return {
    screen: (last?.route.handle as { screen?: string } | undefined)?.screen,
    protected: matches.some((m) => m.route.id === 'protected'),
    notFound: last?.route.path === '*',
  }
}

/** One URL per SPEC §2 route form, with the screen it names. */
const PROTECTED: [string, string][] = [
  ['/', 'monitoring.screens.problems'],
  ['/monitoring', 'monitoring.screens.problems'],
  ['/monitoring/problems', 'monitoring.screens.problems'],
  ['/monitoring/alerts/groupby=type/page=2', 'monitoring.screens.problems'],
  ['/monitoring/problems/hosts/all', 'monitoring.screens.problems'],
  ['/monitoring/alerts/hosts/unhandled', 'monitoring.screens.problems'],
  ['/monitoring/hosts', 'monitoring.screens.hosts'],
  ['/monitoring/hosts/web01', 'monitoring.screens.hostResources'],
  ['/monitoring/hosts/web01/resources/groupby=all', 'monitoring.screens.hostResources'],
  ['/monitoring/hosts/web01/status', 'monitoring.screens.hostStatus'],
  ['/monitoring/hosts/web01/timeline/page=3', 'monitoring.screens.hostTimeline'],
  ['/monitoring/hosts/web01/graphs', 'monitoring.screens.hostGraphs'],
  ['/monitoring/hosts/web01/risks', 'monitoring.screens.hostRisks'],
  ['/monitoring/hosts/web01/HTTP', 'monitoring.screens.resourceStatus'],
  ['/monitoring/hosts/web01/HTTP/status', 'monitoring.screens.resourceStatus'],
  ['/monitoring/hosts/web01/HTTP/timeline/page=2', 'monitoring.screens.resourceTimeline'],
  ['/monitoring/hosts/web01/HTTP/graphs', 'monitoring.screens.resourceGraphs'],
  ['/monitoring/hosts/sw01/Config Backups/configs', 'monitoring.screens.resourceConfigs'],
  ['/monitoring/resources', 'monitoring.screens.resources'],
  ['/monitoring/timeline/page=2', 'monitoring.screens.timeline'],
  ['/dashboard', 'dashboard.screens.dashboard'],
  ['/reports', 'reports.screens.reports'],
  ['/reports/page=2', 'reports.screens.reports'],
  ['/reports/Local/weekly', 'reports.screens.report'],
  ['/reports/Local/weekly/configuration', 'reports.screens.configuration'],
  ['/reports/Local/weekly/configuration/edit', 'reports.screens.configuration'],
  ['/reports/Local/weekly/configuration/timeline', 'reports.screens.timeline'],
  ['/reports/Local/weekly/uptime-summary', 'reports.screens.uptimeSummary'],
  ['/reports/Local/weekly/state-summary', 'reports.screens.stateSummary'],
  ['/reports/Local/weekly/stability-summary', 'reports.screens.stabilitySummary'],
  ['/reports/Local/weekly/standby-summary', 'reports.screens.standbySummary'],
  ['/reports/Local/weekly/risk-summary', 'reports.screens.riskSummary'],
  ['/reports/Local/weekly/graphs', 'reports.screens.graphs'],
  ['/assets', 'assets.screens.hosts'],
  ['/assets/hosts', 'assets.screens.hosts'],
  ['/assets/hosts/page=2', 'assets.screens.hosts'],
  ['/assets/software/page=2', 'assets.screens.software'],
  ['/assets/software', 'assets.screens.software'],
  ['/assets/software/linux/openssl', 'assets.screens.softwareDetail'],
  ['/assets/web01', 'assets.screens.hostDetail'],
  ['/assets/web01/cpu', 'assets.screens.hostDetail'],
  ['/admin', 'admin.screens.overview'],
  ['/admin/acme', 'admin.screens.hosts'],
  ['/admin/acme/hosts', 'admin.screens.hosts'],
  ['/admin/acme/hosts/labels', 'admin.screens.hosts'],
  // SPEC §2 page path forms of the admin hosts and users tables.
  ['/admin/acme/page=2', 'admin.screens.hosts'],
  ['/admin/acme/hosts/page=2', 'admin.screens.hosts'],
  ['/admin/acme/hosts/new/page=2', 'admin.screens.hosts'],
  ['/admin/acme/hosts/discover', 'admin.screens.discovery'],
  ['/admin/acme/hosts/import', 'admin.screens.hostImport'],
  ['/admin/acme/environments', 'admin.screens.environments'],
  ['/admin/acme/users', 'admin.screens.users'],
  ['/admin/acme/users/page=2', 'admin.screens.users'],
  ['/admin/acme/timeline', 'admin.screens.timeline'],
  ['/admin/acme/users/jane/timeline', 'admin.screens.userTimeline'],
  ['/admin/acme/settings', 'admin.screens.thresholds'],
  ['/admin/acme/settings/thresholds', 'admin.screens.thresholds'],
  ['/admin/acme/settings/services', 'admin.screens.services'],
  ['/admin/acme/settings/agent', 'admin.screens.agent'],
  ['/admin/acme/settings/risks', 'admin.screens.risks'],
  ['/admin/acme/settings/labels', 'admin.screens.labels'],
  ['/maps', 'maps.screens.maps'],
  ['/maps/slideshows', 'maps.screens.slideshows'],
  // SPEC §2 page path forms; anything else after /maps is the list's own "not found" (e2e/list-paging.spec.ts).
  ['/maps/page=2', 'maps.screens.maps'],
  ['/maps/slideshows/page=2', 'maps.screens.slideshows'],
  ['/maps/slideshows/Local/wall', 'maps.screens.slideshow'],
  ['/maps/slideshows/Local/wall/fullscreen', 'maps.screens.slideshow'],
  ['/maps/slideshows/Local/wall/edit', 'maps.screens.slideshowEdit'],
  ['/maps/Local/core/legacy/view', 'maps.screens.legacyViewer'],
  ['/maps/Local/core/legacy/display', 'maps.screens.legacyViewer'],
  ['/maps/Local/core/legacy/fullscreen', 'maps.screens.legacyViewer'],
  ['/maps/Local/core/legacy/edit', 'maps.screens.legacyEditor'],
  ['/maps/Local/core/timeline', 'maps.screens.timeline'],
  ['/maps/Local/core/edit', 'maps.screens.editor'],
  ['/maps/Local/core', 'maps.screens.viewer'],
  ['/maps/Local/core/view', 'maps.screens.viewer'],
  ['/maps/Local/core/display', 'maps.screens.viewer'],
  ['/maps/Local/core/fullscreen', 'maps.screens.viewer'],
  ['/risks', 'risks.screens.risks'],
  ['/risks/Local', 'risks.screens.environmentRisks'],
  ['/risks/Local/page=2', 'risks.screens.environmentRisks'],
  ['/dev', 'app.screens.devTools'],
  ['/dev/tools', 'app.screens.devTools'],
  ['/user/tokens', 'app.screens.tokens'],
  ['/user/preferences', 'app.screens.preferences'],
  ['/versions', 'app.screens.versions'],
  ['/supported_devices', 'app.screens.supportedDevices'],
]

const PUBLIC: [string, string | undefined][] = [
  ['/login', undefined],
  ['/login/mfa', 'auth.screens.mfa'],
  ['/login/enroll', 'auth.screens.enroll'],
  ['/login/forgot_password', 'auth.screens.forgotPassword'],
  ['/oauth_redirect', 'auth.screens.oauthRedirect'],
]

describe('route table (SPEC §2: every route resolves)', () => {
  for (const [path, screen] of PROTECTED) {
    it(`${path} is a protected ${screen} screen`, () => {
      expect(resolve(path)).toEqual({ screen, protected: true, notFound: false })
      expect(i18n.exists(screen)).toBe(true)
    })
  }

  for (const [path, screen] of PUBLIC) {
    it(`${path} is public`, () => {
      expect(resolve(path)).toEqual({ screen, protected: false, notFound: false })
    })
  }

  it('anything else is page-not-found outside the shell (no login, no module check)', () => {
    for (const path of ['/nope', '/monitoring/hosts/a/b/c/d/e', '/login/nope']) {
      expect(resolve(path), path).toEqual({ screen: undefined, protected: false, notFound: true })
    }
  })
})
