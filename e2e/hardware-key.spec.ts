/**
 * Issue 16 hardware keys in Chromium, with its virtual authenticator (a CTAP2 USB key with a resident key and
 * user verification, touched automatically): the user registers a named key on /user/security, logs in with the
 * password and the key as second factor, then with the key alone (passwordless), removes it, and the login
 * asks for no second factor any more. The app is opened at localhost because Chromium refuses an IP address
 * as a key's site (the relying party follows the browser's address).
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant } from '../tests/helpers/api'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

/** A page whose browser holds a virtual hardware key (Chrome DevTools Protocol, WebAuthn domain). */
async function pageWithKey(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 } })
  suite.contexts.push(context)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return page
}

async function logIn(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

async function logOut(page: Page, username: string) {
  await page.getByRole('button', { name: `User menu for ${username}` }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await page.waitForURL(/#\/login$/)
}

describe('hardware key', () => {
  it('registers a key, logs in with it as second factor and without password, and is removed', async () => {
    const user = await makeTenant(suite.server, suite.admin)
    const page = await pageWithKey()
    const mainMenu = page.getByRole('navigation', { name: 'Main menu' })
    await page.goto(`${suite.server.baseUrl.replace('127.0.0.1', 'localhost')}/#/login`)
    await logIn(page, user)
    await mainMenu.waitFor()

    await page.getByRole('button', { name: `User menu for ${user.username}` }).click()
    await page.getByRole('menuitem', { name: 'Security' }).click()
    const factors = page.getByRole('table', { name: 'Your second factors' })
    await factors.getByText('No second factor yet.').waitFor()
    await page.getByLabel('Name of the key').fill('Desk key')
    await page.getByLabel('Also log in with this key alone', { exact: false }).check()
    await page.getByRole('button', { name: 'Register key' }).click()
    const row = factors.getByRole('row').filter({ hasText: 'Desk key' })
    await row.waitFor()
    await expect(row.textContent()).resolves.toMatch(/Hardware key\s*Logs in without password/)
    await expect(page.getByLabel('Name of the key').inputValue()).resolves.toBe('')

    // The password alone is not enough any more: the second step offers the key, which signs in.
    await logOut(page, user.username)
    await logIn(page, user)
    await page.waitForURL(/#\/login\/mfa$/)
    await page.getByRole('button', { name: 'Use hardware key' }).click()
    await mainMenu.waitFor()

    // Passwordless: the key names its user.
    await logOut(page, user.username)
    await page.getByRole('button', { name: 'Use a hardware key without password' }).click()
    await mainMenu.waitFor()
    await expect(page.getByRole('button', { name: `User menu for ${user.username}` }).isVisible()).resolves.toBe(true)

    await page.getByRole('button', { name: `User menu for ${user.username}` }).click()
    await page.getByRole('menuitem', { name: 'Security' }).click()
    let confirmation = ''
    page.once('dialog', (dialog) => {
      confirmation = dialog.message()
      void dialog.accept()
    })
    await row.getByRole('button', { name: 'Remove' }).click()
    await factors.getByText('No second factor yet.').waitFor()
    expect(confirmation).toBe('Remove the second factor "Desk key"? It can no longer be used to log in.')

    // The browser still holds the key, but the server no longer knows it: no passwordless login, and the
    // password alone signs in again.
    await logOut(page, user.username)
    await page.getByRole('button', { name: 'Use a hardware key without password' }).click()
    await page.getByRole('alert').getByText('Invalid username and/or password.').waitFor()
    await logIn(page, user)
    await mainMenu.waitFor()
    expect(page.url()).not.toMatch(/#\/login/)
  })
})
