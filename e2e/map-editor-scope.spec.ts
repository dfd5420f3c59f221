/**
 * Issue 13: a map binds only objects of its own organization (store/map-bindings.ts), so the editor's
 * pickers offer only those. The seeded admin is an MSP administrator: "Local" is the MSP and the customer
 * organization is created under it. Each organization has a map and a host of the same prefix; the palette
 * and a rack slot's host search of each map find its own host and not the other one.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, tokenOf, uniq } from '../tests/helpers/api'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

/** A host of `prefix` in a new environment of the organization, and a map there; the map's editor route. */
async function environmentWithHostAndMap(organizationId: number, host: string): Promise<string> {
  const env = await suite.admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: organizationId })
  expect(env.status).toBe(201)
  expect((await suite.admin.post('/api/v1/hosts/', { name: host, hostgroup_id: env.body.id, check_type: '1' })).status).toBe(201)
  const map = await suite.admin.post('/api/v1/maps', { alias: 'Scope', hostgroup_id: env.body.id, layout: 2 })
  expect(map.status).toBe(201)
  return `/maps/${map.body.hostgroup_name}/${map.body.name}/edit`
}

async function openAsAdmin(route: string): Promise<Page> {
  const token = await tokenOf(suite.server, { username: 'admin', password: suite.server.adminPassword })
  const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 } })
  suite.contexts.push(context)
  const page = await context.newPage()
  await page.goto(`${suite.server.baseUrl}/#${route}?token=${encodeURIComponent(token)}`)
  return page
}

/** Searches the palette and the host of a new rack slot for `prefix`: `own` is offered, `foreign` is not. */
async function offersOnly(page: Page, prefix: string, own: string, foreign: string) {
  const palette = page.getByRole('complementary', { name: 'Palette' })
  await palette.getByRole('searchbox', { name: 'Search by name' }).fill(prefix)
  await palette.getByRole('button', { name: `Place ${own}` }).waitFor()
  expect(await palette.getByRole('button', { name: foreign }).count()).toBe(0)

  await palette.getByRole('button', { name: 'Add rack' }).click()
  const inspector = page.getByRole('complementary', { name: 'Inspector' })
  await inspector.getByRole('button', { name: 'Add slot' }).click()
  await inspector.getByRole('button', { name: /^Host of slot 1/ }).click()
  await inspector.getByRole('searchbox', { name: 'Search the host of slot 1' }).fill(prefix)
  await inspector.getByRole('button', { name: `Put ${own}` }).waitFor()
  expect(await inspector.getByRole('button', { name: foreign }).count()).toBe(0)
}

describe('map editor pickers (issue 13)', () => {
  it("offer only objects of the map's organization to an MSP administrator who sees two", async () => {
    const local = (await suite.admin.get('/api/v1/users/current')).body.organization.id as number
    const customer = await makeTenant(suite.server, suite.admin)
    const prefix = uniq('edge')
    const [mspHost, customerHost] = [`${prefix}-msp`, `${prefix}-customer`]
    const mspMap = await environmentWithHostAndMap(local, mspHost)
    const customerMap = await environmentWithHostAndMap(customer.organizationId, customerHost)

    await offersOnly(await openAsAdmin(customerMap), prefix, customerHost, mspHost)
    await offersOnly(await openAsAdmin(mspMap), prefix, mspHost, customerHost)
  })
})
