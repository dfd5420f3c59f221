/**
 * Issue 16 "Cloud directory login" in Chromium against a real OpenID Connect provider on loopback: the login
 * page's button, the provider's own login and consent pages, /oauth_redirect, and the app opened as the user
 * whose verified email the provider gave; an unknown email ends on SPEC §8 code 4.
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, uniq } from '../tests/helpers/api'
import { startOidcProvider, type OidcProvider } from '../tests/fixtures/oidc-provider'
import { useBrowserSuite } from './browser'

let idp: OidcProvider
const env: Record<string, string> = {}
beforeAll(async () => {
  idp = await startOidcProvider()
  Object.assign(env, { VIGIL_OIDC_ISSUER: idp.issuer, VIGIL_OIDC_CLIENT_ID: idp.clientId, VIGIL_OIDC_CLIENT_SECRET: idp.clientSecret })
})
afterAll(() => idp.close())
const suite = useBrowserSuite({ env })
beforeAll(() => idp.register(`${suite.server.baseUrl}/oauth_redirect`))

async function throughProvider(page: Page, login: string) {
  await page.getByRole('button', { name: 'Log in with the cloud directory' }).click()
  await page.getByPlaceholder('Enter any login').fill(login)
  await page.getByPlaceholder('and password').fill('anything')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

describe('cloud directory login', () => {
  it('logs in through the provider as the user with the verified email and returns to the asked page', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator')
    const email = `${uniq('cloud')}@example.test`
    await suite.admin.put(`/api/v1/users/${user.id}`, { email })
    const login = uniq('sub')
    idp.accounts.set(login, { email, email_verified: true })
    const context = await suite.browser.newContext()
    suite.contexts.push(context)
    const page = await context.newPage()

    await page.goto(`${suite.server.baseUrl}/#/monitoring/hosts`)
    await page.waitForURL(/#\/login\?redirect=/)
    await throughProvider(page, login)
    await page.waitForURL(/#\/monitoring\/hosts$/)
    await page.getByRole('heading', { name: 'Hosts' }).waitFor()
    await page.getByRole('button', { name: new RegExp(user.username) }).waitFor()
  })

  it('refuses an email no user has with code 4 and offers the way back to login', async () => {
    const login = uniq('sub')
    idp.accounts.set(login, { email: 'nobody-here@example.test', email_verified: true })
    const context = await suite.browser.newContext()
    suite.contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${suite.server.baseUrl}/#/login`)
    await throughProvider(page, login)
    await page.getByRole('alert').filter({ hasText: 'You have no permission to log in.' }).waitFor()
    await page.getByRole('link', { name: 'Back to login' }).click()
    await page.getByRole('heading', { name: 'Log in to Vigil' }).waitFor()
  })
})
