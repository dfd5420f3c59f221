/**
 * Issue 20 probes in Chromium. A server admin creates a probe for an environment on /admin/probes: its token is
 * shown once; the list shows when the probe last reported (here the test speaks the probe's link with that token)
 * and revoking it removes it from the list and refuses the token.
 */
import { describe, expect, it } from 'vitest'
import { openAs, useBrowserSuite } from './browser'
import { makeTenant, uniq } from '../tests/helpers/api'

const suite = useBrowserSuite()

describe('probes (issue 20)', () => {
  it('creates a probe with its token shown once, lists its last contact and revokes it', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator', { serverAdmin: true })
    const environment = (await user.api.get(`/api/v1/environments/${user.environmentId}`)).body
    const page = await openAs(suite, user, '/admin')
    await page.getByRole('link', { name: 'Probes' }).click()
    await page.getByRole('heading', { name: 'Probes' }).waitFor()

    const name = uniq('branch-office')
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page
      .getByLabel('Environments', { exact: true })
      .selectOption({ label: `${environment.organization_name} / ${environment.alias || environment.name}` })
    await page.getByRole('button', { name: 'Create probe' }).click()
    const token = (await page.getByTestId('probe-token').textContent())!
    expect(token.length).toBeGreaterThan(30)
    const table = page.getByRole('table', { name: 'Probes' })
    const row = table.getByRole('row').filter({ hasText: name })
    await row.getByText('never').waitFor()
    await row.getByText(environment.name).waitFor()
    await row.getByText('Not reporting').waitFor()

    // The probe reports (its link, with its token): after a reload the list shows its contact and version.
    const sync = (bearer: string) =>
      fetch(`${suite.server.baseUrl}/api/v1/probe-link/sync`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: '9.9.9-test', lag_s: 12, load: 3 }),
      })
    expect((await sync(token)).status).toBe(200)
    await page.reload()
    await row.getByText('Reporting').waitFor()
    await row.getByText('9.9.9-test').waitFor()
    await row.getByText('12 s').waitFor()
    expect(await row.getByText('never').count()).toBe(0)
    // Shown once: gone after the reload.
    expect(await page.getByTestId('probe-token').count()).toBe(0)

    page.once('dialog', (dialog) => void dialog.accept())
    await row.getByRole('button', { name: 'Revoke' }).click()
    await expect.poll(() => row.count()).toBe(0)
    expect((await sync(token)).status).toBe(401)
  })
})
