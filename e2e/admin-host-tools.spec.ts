/**
 * Issue 15 host administration tools in Chromium, from /admin/{organization}/hosts: bulk edit of tags, a cluster of
 * 2–3 hosts with the SPEC §5 messages, the website inspection config refused naming its line (SPEC §5, §8), and
 * moving a host to another environment, with SPEC §8 "Moving host failed with error" when the move is refused.
 */
import { describe, expect, it } from 'vitest'
import { openAs, useBrowserSuite } from './browser'
import { makeTenant, uniq } from '../tests/helpers/api'

const suite = useBrowserSuite()

describe('host administration tools (issue 15)', () => {
  it('edits tags in bulk, forms a cluster, names the bad inspection line and moves a host', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator')
    const organization = (await user.api.get(`/api/v1/organizations/${user.organizationId}`)).body.name as string
    const second = await user.api.post('/api/v1/hostgroups/', { name: uniq('env'), alias: 'Second', organization_id: user.organizationId })
    expect(second.status).toBe(201)
    const ids: Record<string, number> = {}
    for (const name of ['db-1', 'db-2', 'db-3', 'web-1'])
      ids[name] = (await user.api.post('/api/v1/hosts/', { name, hostgroup_id: user.environmentId, check_type: '1' })).body.id
    const page = await openAs(suite, user, `/admin/${organization}/hosts`)
    const table = page.getByRole('table')
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) })
    await row('web-1').waitFor()

    // Bulk edit of tags on two hosts.
    await page.getByRole('checkbox', { name: 'Select db-1' }).check()
    await page.getByRole('checkbox', { name: 'Select db-2' }).check()
    const bulk = page.getByRole('group', { name: '2 hosts selected' })
    await bulk.getByLabel('Tags', { exact: true }).fill('standby, backup')
    await bulk.getByRole('button', { name: 'Add tags' }).click()
    await row('db-2').getByText('standby, backup').waitFor()
    expect((await user.api.get(`/api/v1/hosts/${ids['db-1']}`)).body.tags).toEqual(['standby', 'backup'])
    expect((await user.api.get(`/api/v1/hosts/${ids['web-1']}`)).body.tags).toEqual([])

    // A cluster of the two; four selected are refused with SPEC §5's message before anything is sent.
    await bulk.getByLabel('Cluster name').fill('db')
    await bulk.getByRole('button', { name: 'Form cluster' }).click()
    await row('db-1').getByRole('cell', { name: 'db', exact: true }).waitFor()
    await row('db-2').getByRole('cell', { name: 'db', exact: true }).waitFor()
    await page.getByRole('checkbox', { name: 'Select db-3' }).check()
    await page.getByRole('checkbox', { name: 'Select web-1' }).check()
    const four = page.getByRole('group', { name: '4 hosts selected' })
    await four.getByText('Max cluster size of 3 exceeded.').waitFor()
    expect(await four.getByRole('button', { name: 'Form cluster' }).isDisabled()).toBe(true)
    for (const name of ['db-1', 'db-2', 'db-3']) await page.getByRole('checkbox', { name: `Select ${name}` }).uncheck()
    await page
      .getByRole('group', { name: '1 hosts selected' })
      .getByText('Cluster too small, need at least 2 hosts to form a cluster.')
      .waitFor()
    expect((await user.api.get(`/api/v1/hosts/${ids['web-1']}`)).body.cluster).toBe('')

    // The website inspection config is refused naming its line, and nothing is kept.
    await page.getByRole('button', { name: 'web-1', exact: true }).click()
    const form = page.getByRole('form', { name: 'Edit web-1' })
    await form.getByLabel(/Website inspection config/).fill('/\n# the shop\nshop Add to cart')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('alert').getByText('Invalid website inspection configuration on line 3.').waitFor()
    expect((await user.api.get(`/api/v1/hosts/${ids['web-1']}`)).body.website_inspection_config).toBe('')

    // Fixed, and moved to the second environment in the same save.
    await form.getByLabel(/Website inspection config/).fill('/\n# the shop\n/shop Add to cart')
    await form.getByLabel('Environment', { exact: true }).selectOption({ label: 'Second' })
    await form.getByRole('button', { name: 'Save' }).click()
    await row('web-1').getByRole('cell', { name: 'Second', exact: true }).waitFor()
    const moved = (await user.api.get(`/api/v1/hosts/${ids['web-1']}`)).body
    expect([moved.hostgroup_id, moved.website_inspection_config]).toEqual([second.body.id, '/\n# the shop\n/shop Add to cart'])

    // A move the server refuses (the environment is full, SPEC §8 limits) says so in SPEC §8's words.
    expect((await suite.admin.put(`/api/v1/organizations/${user.organizationId}/quotas`, { hosts_per_environment: 1 })).status).toBe(200)
    await page.getByRole('button', { name: 'db-3', exact: true }).click()
    const edit = page.getByRole('form', { name: 'Edit db-3' })
    await edit.getByLabel('Environment', { exact: true }).selectOption({ label: 'Second' })
    await edit.getByRole('button', { name: 'Save' }).click()
    await edit.getByRole('alert').getByText('Moving host failed with error: Limit exceeded (maximum 1).').waitFor()
    expect((await user.api.get(`/api/v1/hosts/${ids['db-3']}`)).body.hostgroup_id).toBe(user.environmentId)
  })
})
