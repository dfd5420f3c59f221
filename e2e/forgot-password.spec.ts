/**
 * Issue 16 "Forgot password" in Chromium against a real SMTP server on loopback: from the login page's link to
 * the request (SPEC §8 codes 7 and 9), the mailed link followed in the browser, a new password, and a login with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTenant, uniq } from '../tests/helpers/api'
import { startSmtpSink, type SmtpSink } from '../tests/fixtures/smtp-sink'
import { useBrowserSuite } from './browser'

let sink: SmtpSink
const env: Record<string, string> = { VIGIL_SMTP_TLS_REJECT_UNAUTHORIZED: '0' }
beforeAll(async () => {
  sink = await startSmtpSink()
  env.VIGIL_SMTP_URL = sink.url
})
afterAll(() => sink.close())
const suite = useBrowserSuite({ env })

describe('forgot password', () => {
  it('mails a link from the login page, sets a new password through it, and the link works once', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'operator')
    const email = `${uniq('mail')}@example.test`
    expect((await suite.admin.put(`/api/v1/users/${user.id}`, { email })).status).toBe(200)
    const context = await suite.browser.newContext()
    suite.contexts.push(context)
    const page = await context.newPage()

    await page.goto(`${suite.server.baseUrl}/#/login`)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.getByLabel('Username or email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByRole('status').filter({ hasText: 'A reset link has been sent. Please check your email for the reset link.' }).waitFor()

    const link = /http:\/\/\S+forgot_password\?token=\S+/.exec((await sink.next(email)).text)![0]
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill('my-new-password-1')
    await page.getByLabel('Repeat the new password').fill('my-new-password-2')
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('alert').filter({ hasText: 'The two passwords differ.' }).waitFor()
    await page.getByLabel('Repeat the new password').fill('my-new-password-1')
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor()

    await page.getByRole('link', { name: 'Log in' }).click()
    await page.getByLabel('Username').fill(user.username)
    await page.getByLabel('Password').fill('my-new-password-1')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(/#\/$|#\/monitoring/)

    // The same link a second time: SPEC §8 code 2, and a way to ask for a new one.
    const second = await context.newPage()
    await second.goto(link)
    await second.getByLabel('New password', { exact: true }).fill('another-password-3')
    await second.getByLabel('Repeat the new password').fill('another-password-3')
    await second.getByRole('button', { name: 'Set password' }).click()
    await second.getByRole('alert').filter({ hasText: 'Invalid token.' }).waitFor()
    await second.getByRole('link', { name: 'Ask for a new link' }).waitFor()
  }, 60_000)
})
