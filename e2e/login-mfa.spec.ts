/**
 * Issue 16 in Chromium: a user of an organization that requires two-factor is sent to enrolment after the
 * password, enrols an authenticator app (the test computes its codes with otpauth, as the app would), sees the
 * backup codes once, logs out, and logs in again with the password and a code; a wrong code is SPEC §8 code 3.
 */
import { describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { makeTenant } from '../tests/helpers/api'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 })

async function logIn(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

describe('two-factor login', () => {
  it('enrols an authenticator app when the organization requires it, then logs in with a code', async () => {
    const user = await makeTenant(suite.server, suite.admin)
    expect((await user.api.put(`/api/v1/organizations/${user.organizationId}`, { require_two_factor: true })).status).toBe(200)
    const context = await suite.browser.newContext()
    suite.contexts.push(context)
    const page = await context.newPage()

    await page.goto(`${suite.server.baseUrl}/#/login`)
    await logIn(page, user)
    await page.waitForURL(/#\/login\/enroll$/)
    await page.getByRole('button', { name: 'Set up authenticator app' }).click()
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' })
    await qr.waitFor()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
    await page.getByLabel('Code from your authenticator app').fill(codeAt(secret))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByRole('heading', { name: 'Backup codes' }).waitFor()
    await expect(page.getByTestId('backup-codes').getByRole('listitem').count()).resolves.toBe(10)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor()

    await page.getByRole('button', { name: `User menu for ${user.username}` }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await page.waitForURL(/#\/login$/)
    await logIn(page, user)
    await page.waitForURL(/#\/login\/mfa$/)
    const code = page.getByLabel('Code from your authenticator app')
    await code.fill(String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0'))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('alert').getByText('Could not verify the two-factor method.').waitFor()
    // The enrolment used this step's code; the app's next one is accepted.
    await code.fill(codeAt(secret, 1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor()

    // The user menu's security page lists the app; a second app waits for an administrator's reset.
    await page.getByRole('button', { name: `User menu for ${user.username}` }).click()
    await page.getByRole('menuitem', { name: 'Security' }).click()
    await page.getByRole('table', { name: 'Your second factors' }).getByText('Authenticator app').first().waitFor()
    await page.goto(`${suite.server.baseUrl}/#/login/enroll`)
    await page.getByRole('button', { name: 'Set up authenticator app' }).click()
    await page.getByRole('status').getByText('An authenticator app is already set up for your account.', { exact: false }).waitFor()
  })
})
