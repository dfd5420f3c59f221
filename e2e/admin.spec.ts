/**
 * Issue 15 administration in the browser: a new administrator creates an organization, an environment and a
 * user with the operator group; that user logs in and sees only that organization.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, uniq } from '../tests/helpers/api'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()

async function freshPage(): Promise<Page> {
  const context = await suite.browser.newContext()
  suite.contexts.push(context)
  return context.newPage()
}

async function logIn(page: Page, username: string, password: string, path: string) {
  await page.goto(`${suite.server.baseUrl}/#/login?redirect=${encodeURIComponent(path)}`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

describe('administration (issue 15)', () => {
  it('a new administrator creates an organization, an environment and an operator, who sees only that organization', async () => {
    const msp = await makeTenant(suite.server, suite.admin)
    expect((await suite.admin.put(`/api/v1/organizations/${msp.organizationId}`, { is_msp: true })).status).toBe(200)
    const page = await freshPage()
    await logIn(page, msp.username, msp.password, '/admin')
    await page.getByRole('heading', { name: 'Organizations' }).waitFor()

    const customer = uniq('Customer')
    await page.getByRole('button', { name: 'Add an organization' }).click()
    const orgForm = page.getByRole('form', { name: 'Add an organization' })
    await orgForm.getByLabel('Name', { exact: true }).fill(customer)
    await orgForm.getByLabel('Legal name').fill('Customer B.V.')
    await orgForm.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('link', { name: customer }).click()

    await page.waitForURL(new RegExp(`#/admin/${customer}/environments$`))
    await page.getByRole('textbox', { name: 'Add an environment', exact: true }).fill('Production')
    await page.getByRole('form', { name: 'Add an environment', exact: true }).getByRole('button', { name: 'Save' }).click()
    await page.locator('tr[data-environment="Production"]').waitFor()

    await page.getByRole('link', { name: 'Users' }).click()
    await page.getByText('This organization has no users yet.').waitFor()
    await page.getByRole('button', { name: 'Add a user' }).click()
    const operator = uniq('operator')
    const userForm = page.getByRole('form', { name: 'Add a user' })
    await userForm.getByLabel('Username').fill(operator)
    await userForm.getByLabel('Password').fill('operator-password-1')
    await userForm.getByLabel('First name').fill('Olga')
    await userForm.getByRole('combobox', { name: 'Authorization groups' }).selectOption('operator')
    await userForm.getByRole('button', { name: 'Save' }).click()
    const operatorRow = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: operator, exact: true }) })
    await operatorRow.getByText('Operator', { exact: true }).waitFor()

    // The organization's audit timeline shows the new user, linked to the user's own timeline (SPEC §6 user_read).
    await page.getByRole('link', { name: 'Organization timeline' }).click()
    await page.getByRole('link', { name: operator }).first().click()
    await page.waitForURL(new RegExp(`#/admin/${customer}/users/${operator}/timeline`))
    await page.getByRole('heading', { name: `Timeline of user ${operator}` }).waitFor()

    const second = await freshPage()
    await logIn(second, operator, 'operator-password-1', '/monitoring/hosts')
    await second.waitForURL(/#\/monitoring\/hosts/)
    const seen = await second.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('vigil.token') ?? 'null') as { value: string }).value
      const r = await fetch('/api/v1/organizations?limit=250', { headers: { authorization: `Bearer ${token}` } })
      return ((await r.json()) as { result: { name: string }[] }).result.map((o) => o.name)
    })
    expect(seen).toEqual([customer])
  }, 60_000)

  it('blocks a character outside SPEC §5 names and a double space in organization and environment names, saying why', async () => {
    const msp = await makeTenant(suite.server, suite.admin)
    expect((await suite.admin.put(`/api/v1/organizations/${msp.organizationId}`, { is_msp: true })).status).toBe(200)
    const page = await openAs(suite, msp, '/admin')
    await page.getByRole('button', { name: 'Add an organization' }).click()
    const orgForm = page.getByRole('form', { name: 'Add an organization' })
    const name = orgForm.getByRole('textbox', { name: 'Name', exact: true })
    await name.pressSequentially('Acme@')
    await orgForm.getByRole('status').getByText('Only letters, digits, dot, underscore, hyphen and space are allowed.').waitFor()
    expect(await name.inputValue()).toBe('Acme')
    await name.pressSequentially('  B.V.')
    await orgForm.getByRole('status').getByText('Consecutive spaces are not allowed.').waitFor()
    expect(await name.inputValue()).toBe('Acme B.V.')
    await orgForm.getByText('Between 2 and 50 characters.').waitFor()

    const organization = (await msp.api.get(`/api/v1/organizations/${msp.organizationId}`)).body.name as string
    const environments = await openAs(suite, msp, `/admin/${organization}/environments`)
    const environment = environments.getByRole('textbox', { name: 'Add an environment', exact: true })
    await environment.pressSequentially('Prod#1')
    await environments
      .getByRole('form', { name: 'Add an environment', exact: true })
      .getByRole('status')
      .getByText('Only letters, digits, dot, underscore, hyphen and space are allowed.')
      .waitFor()
    expect(await environment.inputValue()).toBe('Prod1')
  })
})
