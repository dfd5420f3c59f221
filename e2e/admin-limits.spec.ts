/**
 * Issue 15 Limits and Settings "services" in Chromium. A server admin lowers an organization's hosts quota on
 * /admin/{organization}/limits (asked before leaving it unsaved, SPEC §5) and the next host is refused with SPEC §8
 * limit_exceeded and its maximum; allowed networks are set on the same screen; an administrator who is no server
 * admin reads the limits without changing them. An organization turns a host type's check off and a new host of the
 * type comes without it. A server admin grants the role on the users screen.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openAs, useBrowserSuite } from './browser'
import { addUser, makeTenant } from '../tests/helpers/api'

const suite = useBrowserSuite()
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Organization administration' }).getByRole('link', { name })

describe('limits (issue 15)', () => {
  it('lets a server admin lower the hosts quota, after which one more host is refused with the maximum', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator', { serverAdmin: true })
    const organization = (await user.api.get(`/api/v1/organizations/${user.organizationId}`)).body.name as string
    expect((await user.api.post('/api/v1/hosts/', { name: 'first', hostgroup_id: user.environmentId, check_type: '1' })).status).toBe(201)
    const page = await openAs(suite, user, `/admin/${organization}/hosts`)
    await tab(page, 'Limits').click()
    const quotas = page.getByRole('form', { name: 'Quotas and limits' })
    const hosts = quotas.getByLabel('Hosts in the organization', { exact: true })
    expect(await hosts.inputValue()).toBe('10000')
    await hosts.fill('1')

    // Leaving with the change unsaved asks first; staying keeps it.
    const asked: string[] = []
    page.once('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await tab(page, 'Hosts').click()
    await expect.poll(() => asked).toEqual(['These settings have unsaved changes. Leave anyway?'])
    expect(await hosts.inputValue()).toBe('1')
    await quotas.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Settings saved.').waitFor()
    expect((await user.api.get(`/api/v1/organizations/${user.organizationId}/quotas`)).body).toMatchObject({ hosts: 1, resources: 100_000 })

    // Allowed networks on the same screen; a bad one is refused naming it.
    const targets = page.getByRole('form', { name: 'Allowed networks and names' })
    await targets.getByRole('textbox', { name: /Allowed networks/ }).fill('10.20.0.0/16\nnot-a-network')
    await targets.getByRole('button', { name: 'Save' }).click()
    await targets.getByRole('alert').getByText('Validation failed: networks.1.').waitFor()
    await targets.getByRole('textbox', { name: /Allowed networks/ }).fill('10.20.0.0/16')
    await targets.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(async () => (await user.api.get(`/api/v1/organizations/${user.organizationId}/allowed-targets`)).body.networks)
      .toEqual(['10.20.0.0/16'])

    // Saved, leaving asks nothing; one more host is refused with the maximum.
    await tab(page, 'Hosts').click()
    await page.getByRole('button', { name: 'Add a host' }).click()
    const form = page.getByRole('form', { name: 'Add a host' })
    await form.getByLabel('Name', { exact: true }).fill('second')
    await form.getByLabel('Host type', { exact: true }).selectOption('ping')
    await form.getByLabel('IP address', { exact: true }).fill('10.20.0.5')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('alert').getByText('Limit exceeded (maximum 1).').waitFor()
    expect((await user.api.get('/api/v1/hosts/')).body.totalresults).toBe(1)
  })

  it('shows an administrator who is no server admin the limits read-only, without their tab', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator')
    const organization = (await user.api.get(`/api/v1/organizations/${user.organizationId}`)).body.name as string
    const page = await openAs(suite, user, `/admin/${organization}/limits`)
    await page.getByText('Only server admins change limits and allowed networks.').waitFor()
    const hosts = page.getByLabel('Hosts per environment', { exact: true })
    expect(await hosts.inputValue()).toBe('5000')
    expect(await hosts.isDisabled()).toBe(true)
    expect(await page.getByRole('textbox', { name: /Allowed networks/ }).isDisabled()).toBe(true)
    await tab(page, 'Users').waitFor()
    expect(await tab(page, 'Limits').count()).toBe(0)
  })

  it('turns a check of a host type off for new hosts of the organization (settings/services)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator')
    const organization = (await user.api.get(`/api/v1/organizations/${user.organizationId}`)).body.name as string
    const page = await openAs(suite, user, `/admin/${organization}/settings/services`)
    const interfaces = page.getByRole('checkbox', { name: 'Switch: Interfaces' })
    expect(await interfaces.isChecked()).toBe(true)
    await interfaces.uncheck()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Settings saved.').waitFor()
    expect((await user.api.get(`/api/v1/organizations/${user.organizationId}/settings/services`)).body).toEqual({
      disabled_checks: { switch: ['interfaces'] },
    })

    await tab(page, 'Hosts').click()
    await page.getByRole('button', { name: 'Add a host' }).click()
    const form = page.getByRole('form', { name: 'Add a host' })
    await form.getByLabel('Name', { exact: true }).fill('core-switch')
    await form.getByLabel('Host type', { exact: true }).selectOption('switch')
    await form.getByLabel('IP address', { exact: true }).fill('192.0.2.7')
    await form.getByText('Checks this host brings: ping, SNMP uptime, Inventory').waitFor()
    await form.getByRole('button', { name: 'Save' }).click()
    const checks = page.getByRole('region', { name: 'Checks of core-switch' })
    await checks.getByText('SNMP uptime').waitFor()
    // The daily inventory comes with the SNMP access method, not the type, so the services settings keep it.
    await checks.getByText('Inventory').waitFor()
    expect(await checks.getByRole('listitem').count()).toBe(2)
  })

  it('lets a server admin grant and revoke the role on the users screen, which the user then holds', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator', { serverAdmin: true })
    const colleague = await addUser(suite.server, user, 'engineer')
    const organization = (await user.api.get(`/api/v1/organizations/${user.organizationId}`)).body.name as string
    const page = await openAs(suite, user, `/admin/${organization}/users`)
    const toggle = page.getByRole('row').filter({ hasText: colleague.username }).getByRole('checkbox', { name: 'Server admin' })
    expect(await toggle.isChecked()).toBe(false)
    // The box shows what the server holds, so it turns once the server has answered.
    await toggle.click()
    await expect.poll(() => toggle.isChecked()).toBe(true)
    expect((await colleague.api.get('/api/v1/users/current')).body.rights).toContain('limits_write')
    await toggle.click()
    await expect.poll(() => toggle.isChecked()).toBe(false)
    expect((await colleague.api.get('/api/v1/users/current')).body.rights).toEqual([])
  })
})
