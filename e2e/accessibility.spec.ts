/**
 * Issue 17 "Looks everywhere": the main screens (problems, hosts, a host's status page, a map, the
 * administration's users list, login) as axe-core 4 judges them in Chromium — no `serious` or `critical`
 * violation — and with no emoji in their text (they show as empty boxes on NOC kiosks without an emoji
 * font; the app ships its icons).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { hostPath } from '../src/monitoring/links'
import { makeTenant } from '../tests/helpers/api'
import { hostItem, publishedMap, upHost } from './map-pixels'
import { engineerWith, type MonitoredTenant } from './monitored-hosts'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; any: { message: string }[] }[]
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Through DevTools rather than a script tag, which the app's CSP (script-src 'self') rightly blocks.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: Violation[] }> } }).axe
    return (await axe.run(document)).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? ''})`).join(', ')}`)
}

/** Characters an emoji font draws (Unicode Extended_Pictographic), in the visible text and accessible names. */
const emojiIn = (page: Page) =>
  page.evaluate(() => {
    const text = [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('[aria-label], [title]'), (el) => el.getAttribute('aria-label') ?? el.getAttribute('title')),
    ].join(' ')
    return [...new Set(text.match(/\p{Extended_Pictographic}/gu) ?? [])]
  })

interface Screen {
  name: string
  open(): Promise<Page>
  /** Text that shows once the screen has its data. */
  ready: string | RegExp
}

let user: MonitoredTenant
let admin: { username: string; password: string }
let mapPath: string
let reportPath: string
let organization: string

beforeAll(async () => {
  user = await engineerWith(suite, [
    { name: 'a11y-down', status: 2, resources: [{ name: 'a11y disk', status: 2 }] },
    { name: 'a11y-up', status: 0, resources: [{ name: 'a11y ping', status: 0 }] },
  ])
  const host = await upHost(user)
  mapPath = (await publishedMap(user, { h1: hostItem('h1', host, { x: 100, y: 100, w: 200, h: 120 }) })).path
  const report = await user.api.post('/api/v1/reports', {
    title: 'A11y uptime',
    hostgroup_id: user.environmentId,
    period: 'weekly',
    type: 'by_host',
    content: ['uptime-summary', 'state-summary', 'stability-summary', 'risk-summary'],
  })
  reportPath = `/reports/${encodeURIComponent(report.body.hostgroup_name)}/${encodeURIComponent(report.body.name)}`
  const msp = await makeTenant(suite.server, suite.admin)
  admin = msp
  organization = (await suite.admin.get(`/api/v1/organizations/${msp.organizationId}`)).body.name
})

const SCREENS: Screen[] = [
  { name: 'problems', open: () => openAs(suite, user, '/monitoring/problems'), ready: 'a11y-down' },
  { name: 'hosts', open: () => openAs(suite, user, '/monitoring/hosts'), ready: 'a11y-up' },
  { name: 'host status', open: () => openAs(suite, user, hostPath('a11y-down', 'status')), ready: /a11y-down/ },
  { name: 'map viewer', open: () => openAs(suite, user, mapPath), ready: 'Live' },
  { name: 'reports list', open: () => openAs(suite, user, '/reports'), ready: 'A11y uptime' },
  { name: 'report', open: () => openAs(suite, user, reportPath), ready: 'a11y-down' },
  { name: 'users list', open: () => openAs(suite, admin, `/admin/${encodeURIComponent(organization)}/users`), ready: /^user-/ },
  {
    name: 'login',
    open: async () => {
      const context = await suite.browser.newContext()
      suite.contexts.push(context)
      const page = await context.newPage()
      await page.goto(`${suite.server.baseUrl}/#/login`)
      return page
    },
    ready: 'Log in',
  },
]

describe('main screens (issue 17)', () => {
  for (const screen of SCREENS) {
    it(`${screen.name}: no serious or critical accessibility violation, no emoji`, async () => {
      const page = await screen.open()
      await page.getByText(screen.ready).first().waitFor()
      expect(await seriousViolations(page)).toEqual([])
      expect(await emojiIn(page)).toEqual([])
    })
  }
})

describe('shipped icons (issue 17)', () => {
  it('draws a host type icon inline from the app itself, in the text colour', async () => {
    const page = await openAs(suite, user, '/monitoring/hosts')
    const icon = page.getByRole('table', { name: 'Hosts' }).locator('[data-icon]').first()
    await icon.waitFor()
    const drawn = await icon.evaluate(async (el) => {
      // The icon's own paths (16 × 16), drawn on a canvas at twice the size: a shape, not an empty box.
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 32
      const g = canvas.getContext('2d')!
      g.scale(2, 2)
      for (const path of el.querySelectorAll('path'))
        g.fill(new Path2D(path.getAttribute('d')!), path.getAttribute('fill-rule') === 'evenodd' ? 'evenodd' : 'nonzero')
      const data = g.getImageData(0, 0, 32, 32).data
      let opaque = 0
      for (let i = 3; i < data.length; i += 4) if (data[i] > 128) opaque++
      return {
        tag: el.tagName,
        fill: getComputedStyle(el).fill,
        color: getComputedStyle(el.parentElement!).color,
        opaque,
        width: el.getBoundingClientRect().width,
      }
    })
    expect(drawn.tag).toBe('svg')
    expect(drawn.fill).toBe(drawn.color)
    expect(drawn.opaque).toBeGreaterThan(20)
    expect(drawn.width).toBeGreaterThan(8)
  })
})
