/**
 * Issue 15 Settings in Chromium: an administrator changes a default threshold (SPEC §5 Thresholds, with the rule's
 * message), is asked before leaving with unsaved changes (SPEC §5 Unsaved changes), saves, and finds it kept.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowserSuite, openAs } from './browser'
import { makeTenant, type Tenant } from '../tests/helpers/api'

const suite = useBrowserSuite()

const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

describe('organization settings (issue 15)', () => {
  it('changes a threshold, asks before leaving unsaved, saves and keeps it after a reload', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator')
    const org = (await user.api.get(`/api/v1/organizations/${user.organizationId}`)).body
    const page = await open(user, `/admin/${org.name}/settings`)
    await page.getByRole('checkbox', { name: 'tcp response time (s) Set' }).check()
    const warning = page.getByRole('spinbutton', { name: 'tcp response time (s) Warning' })
    const critical = page.getByRole('spinbutton', { name: 'tcp response time (s) Critical' })
    await warning.fill('2')
    await critical.fill('1')
    await page.getByText('Critical must be higher than warning.').waitFor()
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true)
    await critical.fill('3')
    // The CPU utilisation of Checkmk agents starts at 90 and 95 % when switched on (no levels before, as Checkmk).
    await page.getByRole('checkbox', { name: 'CPU utilisation of Checkmk agents (%) Set' }).check()

    // Leaving for another tab asks first; staying keeps the edit.
    const asked: string[] = []
    page.once('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByRole('link', { name: 'Agent' }).click()
    await expect.poll(() => asked).toEqual(['These settings have unsaved changes. Leave anyway?'])
    expect(await warning.inputValue()).toBe('2')

    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Settings saved.').waitFor()
    expect((await user.api.get(`/api/v1/organizations/${user.organizationId}/settings/thresholds`)).body.response_time_s).toEqual({
      tcp: { warning: 2, critical: 3 },
    })
    expect((await user.api.get(`/api/v1/organizations/${user.organizationId}/settings/thresholds`)).body.cpu_util_pct).toEqual({
      warning: 90,
      critical: 95,
    })
    await page.reload()
    await expect.poll(() => page.getByRole('spinbutton', { name: 'tcp response time (s) Critical' }).inputValue()).toBe('3')
    expect(await page.getByRole('spinbutton', { name: 'tcp response time (s) Warning' }).inputValue()).toBe('2')
    // Saved: leaving no longer asks.
    await page.getByRole('link', { name: 'Agent' }).click()
    await page.getByRole('heading', { name: 'Passive check results' }).waitFor()
    expect(await page.getByTestId('agent-results').textContent()).toContain(`${suite.server.baseUrl}/api/v1/results`)
  })

  it('adds a label type, refuses an empty value, sets a label on a host and removes it', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator')
    const org = (await user.api.get(`/api/v1/organizations/${user.organizationId}`)).body
    const host = (await user.api.post('/api/v1/hosts/', { name: 'web-01', hostgroup_id: user.environmentId, check_type: '1' })).body
    const page = await open(user, `/admin/${org.name}/settings/labels`)
    await page.getByText('No label types yet.').waitFor()
    await page.getByLabel('Name', { exact: true }).fill('bad name')
    await page.getByText('Invalid label name.').waitFor()
    await page.getByLabel('Name', { exact: true }).fill('acme/owner')
    await page.getByRole('button', { name: 'Save' }).first().click()
    await page.getByRole('cell', { name: 'acme/owner' }).waitFor()

    await page.getByLabel('Host', { exact: true }).selectOption(String(host.id))
    await page.getByText('This host has no labels.').waitFor()
    await page.getByLabel('Label', { exact: true }).selectOption('acme/owner')
    await page.getByRole('button', { name: 'Save' }).last().click()
    await page.getByText('Please enter a value').waitFor()
    await page.getByLabel('Value', { exact: true }).fill('Ops team')
    await page.getByRole('button', { name: 'Save' }).last().click()
    await page.getByText('Ops team').waitFor()
    expect((await user.api.get(`/api/v1/hosts/${host.id}/labels`)).body).toEqual({ 'acme/owner': 'Ops team' })
    await page.getByRole('listitem').filter({ hasText: 'Ops team' }).getByRole('button', { name: 'Remove' }).click()
    await page.getByText('This host has no labels.').waitFor()
  })
})
