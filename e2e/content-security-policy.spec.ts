/**
 * Issue 13 "Headers and feed" (review L8): the built app works under its Content-Security-Policy (no inline
 * script or style, API and live feed on the same origin) — screens render, the feed delivers a state change,
 * and Chromium reports no violation.
 */
import { describe, expect, it } from 'vitest'
import { makeTenant, uniq } from '../tests/helpers/api'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

describe('content security policy', () => {
  it('lets the app, its maps and the live feed run with no violation reported', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const host = uniq('csp')
    expect(
      (await user.api.post('/api/v1/hosts/', { name: host, hostgroup_id: user.environmentId, check_type: '1', max_check_attempts: 1 }))
        .status,
    ).toBe(201)
    expect((await user.api.post('/api/v1/results', { host, exit_status: 0, output: `PING OK - ${host}` })).status).toBe(200)
    const map = await user.api.post('/api/v1/maps', { alias: uniq('Csp'), hostgroup_id: user.environmentId, layout: 2 })
    expect(map.status).toBe(201)
    const { token } = (await (
      await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user.username, password: user.password }),
      })
    ).json()) as { token: string }

    const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 } })
    suite.contexts.push(context)
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = [])
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      )
    })
    const page = await context.newPage()
    const console: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) console.push(m.text())
    })
    const violations = async () => [
      ...console,
      ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ]

    // The table's first fetch may come before the feed subscribed; the change is posted once it has.
    const subscribed = page
      .waitForEvent('websocket')
      .then((ws) => ws.waitForEvent('framesent', { predicate: (f) => String(f.payload).includes('"subscribe"') }))
    const response = await page.goto(`${suite.server.baseUrl}/#/monitoring/hosts?token=${encodeURIComponent(token)}`)
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
    const row = page.getByRole('table', { name: 'Hosts' }).getByRole('row').filter({ hasText: host })
    await row.getByText(`PING OK - ${host}`).waitFor()
    // The feed's WebSocket is allowed by connect-src 'self': the change arrives without a reload.
    await subscribed
    expect((await user.api.post('/api/v1/results', { host, exit_status: 2, output: `PING CRITICAL - ${host} lost` })).status).toBe(200)
    await row.getByText(`PING CRITICAL - ${host} lost`).waitFor()

    await page.goto(`${suite.server.baseUrl}/#/dashboard`)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.goto(`${suite.server.baseUrl}/#/maps/${map.body.hostgroup_name}/${map.body.name}/edit`)
    await page.locator('canvas').first().waitFor()
    await page.goto(`${suite.server.baseUrl}/#/monitoring/timeline`)
    await page.getByRole('heading').first().waitFor()
    expect(await violations()).toEqual([])
  })
})
