/**
 * The main screens with data in them, for the specs that look at every screen the same way (themes' contrast,
 * languages): an engineer's organization with a down gateway, a host UNREACHABLE behind it (SPEC §3 parents), more
 * hosts than a page holds (so the pager shows), resources in every state, a day of graphed results with a critical
 * spell, a state change just now and maintenance to come (timeline events), a published map and a report. Each screen says what shows once its data is drawn; none of that is
 * a text of the catalogue, so it holds in any language.
 */
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import type { BrowserSuite } from './browser'
import { publishedMap } from './map-pixels'
import { engineerWith, type MonitoredTenant } from './monitored-hosts'

export interface MainScreen {
  name: string
  route: string
  /** Resolves once the screen shows its data. */
  ready(page: Page): Promise<unknown>
}

export interface MainScreensFixture {
  user: MonitoredTenant
  token: string
  screens: MainScreen[]
}

const TREND = 'trend-01'

export async function mainScreens(suite: BrowserSuite): Promise<MainScreensFixture> {
  const user = await engineerWith(suite, [
    { name: 'gateway-01', status: 2, resources: [{ name: 'uplink', status: 2, output: 'UPLINK CRITICAL - no carrier' }] },
    { name: 'behind-01', status: 2, parents: ['gateway-01'] },
    {
      name: 'store-01',
      status: 0,
      resources: [
        { name: 'disk', status: 1, output: 'DISK WARNING - 85% used' },
        { name: 'raid', status: 3, output: 'RAID UNKNOWN - no controller' },
        { name: 'backup', status: 0, output: 'BACKUP OK' },
      ],
    },
    ...Array.from({ length: 10 }, (_, i) => ({ name: `web-${String(i + 1).padStart(2, '0')}`, status: 0 })),
    { name: TREND, status: 0 },
  ])
  // Checked again now that its parent is known to be down: UNREACHABLE (one batch judged it against a pending parent).
  const behind = { host: 'behind-01', exit_status: 2, output: 'PING CRITICAL - behind-01 unreachable' }
  expect((await user.api.post('/api/v1/results', behind)).status).toBe(200)
  // Ten rows a page: twelve hosts and more resources need the pager (SPEC §9 page size options).
  expect((await user.api.put('/api/v1/users/current', { preferences: { page_size: 10 } })).status).toBe(200)

  const load = await user.api.post('/api/v1/resources/', { host_id: user.ids[TREND], name: 'load', check_type: '1', max_check_attempts: 1 })
  expect(load.status).toBe(201)
  const now = Math.floor(Date.now() / 1000)
  const results = []
  for (let t = now - 26 * 3600; t < now - 60; t += 1200) {
    const critical = t > now - 5 * 3600 && t <= now - 4.5 * 3600
    results.push({
      host: TREND,
      resource: 'load',
      exit_status: critical ? 2 : 0,
      output: critical ? 'LOAD CRITICAL - load average 9.5' : 'LOAD OK',
      perfdata: `load1=${critical ? 9.5 : 1 + ((t / 1200) % 7) / 2};4;8;0;`,
      time: t,
    })
  }
  expect((await user.api.post('/api/v1/results', results)).status).toBe(200)
  // A state change just now (a recent event, highlighted) and maintenance to come (the upcoming panel).
  const recent = { host: TREND, resource: 'load', exit_status: 1, output: 'LOAD WARNING - load average 5.1', perfdata: 'load1=5.1;4;8;0;' }
  expect((await user.api.post('/api/v1/results', recent)).status).toBe(200)
  const maintenance = { start_time: now + 3600, end_time: now + 7200, comment: 'Kernel update', is_flexible: false }
  expect((await user.api.post(`/api/v1/resources/${load.body.id}/downtimes`, maintenance)).status).toBe(201)

  const item = {
    id: 'h1',
    kind: 'host',
    x: 400,
    y: 300,
    w: 200,
    h: 120,
    z: 1,
    rotation: 0,
    host_id: user.ids['gateway-01'],
    name: 'gateway-01',
  }
  const map = await publishedMap(user, { h1: { ...item, state_icon: 'box' } }, { alias: 'Core network' })

  // A report of every host over this month: its tables hold each host's figures and trend arrows.
  const report = await user.api.post('/api/v1/reports', {
    title: 'Core uptime',
    hostgroup_id: user.environmentId,
    period: 'monthly',
    type: 'by_host',
    content: ['uptime-summary', 'state-summary', 'stability-summary'],
  })
  expect(report.status).toBe(201)

  // An agent's inventory of one host (SPEC §2 /assets/software).
  const software = [{ name: 'openssl', version: '3.0.2' }]
  expect((await user.api.put(`/api/v1/hosts/${user.ids['gateway-01']}/software`, { software })).status).toBe(200)

  const login = await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  })
  const { token } = (await login.json()) as { token: string }

  const inMain = (text: string) => (page: Page) => page.getByRole('main').getByText(text).first().waitFor()
  const screens: MainScreen[] = [
    { name: 'problems', route: '/monitoring/problems', ready: inMain('UPLINK CRITICAL - no carrier') },
    { name: 'hosts', route: '/monitoring/hosts', ready: inMain('behind-01') },
    { name: 'resources', route: '/monitoring/resources', ready: inMain('RAID UNKNOWN - no controller') },
    { name: 'host status', route: '/monitoring/hosts/gateway-01/status', ready: inMain('gateway-01') },
    { name: 'timeline', route: `/monitoring/hosts/${TREND}/load/timeline`, ready: inMain('Kernel update') },
    {
      name: 'graphs',
      route: `/monitoring/hosts/${TREND}/load/graphs`,
      ready: (page) => page.locator('main figure svg path').first().waitFor(),
    },
    { name: 'maps', route: '/maps', ready: inMain('Core network') },
    { name: 'map', route: map.path, ready: (page) => page.locator('main canvas').first().waitFor() },
    { name: 'reports', route: '/reports', ready: inMain('Core uptime') },
    {
      name: 'report',
      route: `/reports/${encodeURIComponent(report.body.hostgroup_name)}/${encodeURIComponent(report.body.name)}`,
      ready: inMain('behind-01'),
    },
    { name: 'software', route: '/assets/software', ready: inMain('openssl') },
  ]
  return { user, token, screens }
}

/** Opens `route` in `page` as the fixture's user (the SPEC §2 token parameter, so no login form). */
export async function goTo(suite: BrowserSuite, fixture: MainScreensFixture, page: Page, screen: MainScreen): Promise<void> {
  await page.goto(`${suite.server.baseUrl}/#${screen.route}?token=${encodeURIComponent(fixture.token)}`)
  await screen.ready(page)
}
