/**
 * Issue 16 push approval in Chromium (SPEC §4 push, waiting for confirmation): a signed-in session of the user
 * in a second browser context gets the login's approval request over the live feed and approves it; the
 * waiting login then continues into the application.
 */
import { describe, it } from 'vitest'
import { makeTenant } from '../tests/helpers/api'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()

describe('push approval', () => {
  it('a login waits until a second browser of the same user approves it', async () => {
    const user = await makeTenant(suite.server, suite.admin)
    const approver = await openAs(suite, user, '/user/security')
    await approver.getByRole('heading', { name: 'Security' }).waitFor()
    await approver.getByRole('button', { name: 'Turn on push approval' }).click()
    await approver.getByRole('table', { name: 'Your second factors' }).getByText('Push approval').first().waitFor()

    const context = await suite.browser.newContext()
    suite.contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${suite.server.baseUrl}/#/login`)
    await page.getByLabel('Username').fill(user.username)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(/#\/login\/mfa$/)
    await page.getByRole('button', { name: 'Send approval request' }).click()
    await page.getByRole('status').getByText('Waiting for confirmation', { exact: false }).waitFor()

    const dialog = approver.getByRole('dialog', { name: 'Approve this login?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click()
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor()
    await dialog.waitFor({ state: 'hidden' })
  })
})
