/**
 * SPEC §2 Risks as an engineer uses them, against the built app and the real server, with scans imported through
 * the risk import API (a Nessus v2 and an OpenVAS report, tests/fixtures/risk-scans): /risks lists them, sorts
 * by severity in the SPEC §4 RISK order (not alphabetically), narrows them with the section's filter panel,
 * opens one risk's SPEC §3 details with its ticket, and says "no risks found" (or, under a filter, that nothing
 * matches); /risks/{hostgroup_name} groups them by plugin with counts per severity.
 */
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { makeTenant, tokenOf, uniq, type Tenant } from '../tests/helpers/api'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()
const fixture = (name: string) => fs.readFileSync(new URL(`../tests/fixtures/risk-scans/${name}`, import.meta.url), 'utf8')
const LOG4SHELL = 'Apache Log4Shell RCE detection'

/** Imports scan reports into an environment through the risk import API (SPEC §7 POST risks/scans). */
async function importScans(user: Tenant, environmentId: number, names: string[]) {
  const token = await tokenOf(suite.server, user)
  for (const name of names) {
    const r = await fetch(`${suite.server.baseUrl}/api/v1/risks/scans?hostgroup_id=${environmentId}&file_name=${name}`, {
      method: 'POST',
      body: fixture(name),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
    })
    expect(r.status).toBe(201)
  }
}

/** The severity of each data row, top to bottom (the first cell of a row is its severity). */
async function severities(table: Locator): Promise<string[]> {
  const rows = await table.getByRole('row').all()
  const out: string[] = []
  for (const row of rows.slice(1)) out.push((await row.getByRole('cell').first().innerText()).trim())
  return out
}

/** Waits until the table shows `n` data rows. */
async function rowCount(table: Locator, n: number) {
  await expect.poll(async () => (await table.getByRole('row').count()) - 1, { timeout: 10_000 }).toBe(n)
}

describe('risks (SPEC §2 Risks)', () => {
  let user: Tenant
  let envName: string

  beforeAll(async () => {
    user = await makeTenant(suite.server, suite.admin, 'administrator')
    envName = (await user.api.get(`/api/v1/hostgroups/${user.environmentId}`)).body.name
    const host = { hostgroup_id: user.environmentId, check_type: '1' }
    expect((await user.api.post('/api/v1/hosts/', { ...host, name: 'web-01', ip_address: '10.0.0.11' })).status).toBe(201)
    expect((await user.api.post('/api/v1/hosts/', { ...host, name: 'db-01' })).status).toBe(201)
    await importScans(user, user.environmentId, ['site.nessus', 'site-openvas.xml'])
    const log4shell = (await user.api.get('/api/v1/risks?limit=100')).body.result.find((r: any) => r.plugin_name === LOG4SHELL)
    expect((await user.api.post(`/api/v1/risks/${log4shell.id}/tickets`, { comment: 'Upgrade log4j on web-01' })).status).toBe(201)
  })

  const risksTable = (page: Page) => page.getByRole('table', { name: 'Risks' })

  it('lists the risks, sorting by severity in the SPEC §4 order in three states', async () => {
    const page = await openAs(suite, user, '/risks')
    const table = risksTable(page)
    await rowCount(table, 6)
    // The host a scan matched links to its risks tab; a report name without a host is text.
    expect(await table.getByRole('link', { name: 'web-01' }).first().getAttribute('href')).toBe('#/monitoring/hosts/web-01/risks')
    await table.getByText('ghost.example.net').waitFor()
    expect(await table.getByRole('link', { name: 'ghost.example.net' }).count()).toBe(0)

    const header = table.getByRole('button', { name: /^Severity/ })
    await header.click()
    await page.waitForURL(/order=severity/)
    await expect.poll(() => severities(table)).toEqual(['Info', 'Info', 'Medium', 'Medium', 'High', 'Very high'])
    await header.click()
    await expect.poll(() => severities(table)).toEqual(['Very high', 'High', 'Medium', 'Medium', 'Info', 'Info'])
    // Third state: back to the server's default order (worst first), without an order in the link.
    await header.click()
    await expect.poll(() => new URL(page.url()).hash.includes('order=')).toBe(false)
    expect((await severities(table))[0]).toBe('Very high')
  })

  it("shows a host's own risks on its host page's risks tab (SPEC §2 host tabs)", async () => {
    const page = await openAs(suite, user, '/risks')
    await risksTable(page).getByRole('link', { name: 'web-01' }).first().click()
    await page.waitForURL(/#\/monitoring\/hosts\/web-01\/risks$/)
    // The host page's tab bar, then its table: only web-01's risks, not db-01's or the unmatched report name's.
    await page.getByRole('link', { name: /^Status$/ }).waitFor()
    const hostsShown = async () => {
      const hosts = new Set<string>()
      for (const row of (await risksTable(page).getByRole('row').all()).slice(1))
        hosts.add((await row.getByRole('cell').nth(1).innerText()).trim())
      return [...hosts]
    }
    await expect.poll(hostsShown, { timeout: 10_000 }).toEqual(['web-01'])
    expect(await page.getByText('coming soon', { exact: false }).count()).toBe(0)
  })

  it('narrows the list with the filter panel, and says when nothing matches (SPEC §2 filter panel, empty messages)', async () => {
    const page = await openAs(suite, user, '/risks')
    const table = risksTable(page)
    await rowCount(table, 6)
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.getByRole('combobox', { name: 'Column of rule 1' }).selectOption({ label: 'Severity' })
    await page.getByRole('combobox', { name: 'Value of rule 1' }).selectOption({ label: 'Medium' })
    await page.getByRole('button', { name: 'Apply' }).click()
    await rowCount(table, 2)
    expect(await severities(table)).toEqual(['Medium', 'Medium'])
    await table.getByText('ghost.example.net').waitFor()

    await page.getByRole('combobox', { name: 'Column of rule 1' }).selectOption({ label: 'Host' })
    await page.getByRole('textbox', { name: 'Value of rule 1' }).fill('no-such-host')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('No records match the active filter.').waitFor()
    await page.getByRole('button', { name: 'Reset', exact: true }).click()
    await rowCount(table, 6)
  })

  it("opens a risk's details with the SPEC §3 labels and its ticket", async () => {
    const page = await openAs(suite, user, '/risks')
    await risksTable(page)
      .getByRole('button', { name: `Details of ${LOG4SHELL} on web-01` })
      .click()
    const dialog = page.getByRole('dialog', { name: `${LOG4SHELL} on web-01` })
    for (const label of ['Plugin name', 'Risk factor', 'Synopsis', 'Solution', 'Plugin output', 'CVE numbers', 'Date first detected'])
      await dialog.getByText(label, { exact: true }).waitFor()
    await dialog.getByText('Upgrade Apache Log4j to version 2.17.1 or later.').waitFor()
    await dialog.getByText('CVE-2021-44228, CVE-2021-45046').waitFor()
    // Plugin output is text, never markup (SECURITY.md: user text is text).
    await dialog.getByText('Sent: ${jndi:ldap://scanner/a} <and got a callback>').waitFor()
    await dialog.getByRole('link', { name: 'https://logging.apache.org/log4j/2.x/security.html' }).waitFor()
    await dialog.getByText(/^Ticket VIG-\d{6}$/).waitFor()
    // The open risk is in the link: a reload shows it again; closing removes it.
    await page.reload()
    await dialog.getByText('Critical').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await dialog.waitFor({ state: 'detached' })
    expect(page.url()).not.toContain('risk=')
  })

  it('creates a ticket from a risk, adds a note, closes it with a reason and offers a new one (SPEC §4 ticket flow, §8)', async () => {
    const PG_WEAK = 'PostgreSQL weak password'
    const risk = (await user.api.get('/api/v1/risks?limit=100')).body.result.find((r: any) => r.plugin_name === PG_WEAK)
    const page = await openAs(suite, user, `/risks?risk=${risk.id}`)
    const dialog = page.getByRole('dialog', { name: `${PG_WEAK} on ${risk.host_name}` })
    await dialog.getByText('This risk has no tickets.').waitFor()
    await dialog.getByRole('button', { name: 'Create ticket' }).click()
    await dialog.getByRole('heading', { name: `Create ticket for ${risk.host_name} – ${PG_WEAK}` }).waitFor()
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await dialog.getByText('A comment is required.').waitFor()
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Set a strong password')
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByText(/^Ticket VIG-\d{6} created\.$/).waitFor()
    const [id] = (await user.api.get(`/api/v1/risks/${risk.id}`)).body.tickets

    // The open ticket is shown with its note form; a second one is refused in the SPEC §8 words, without a button.
    await dialog.getByRole('link', { name: `Ticket ${id}` }).waitFor()
    await dialog.getByText(`Ticket ${id} is still open: add a note to it instead.`).waitFor()
    expect(await dialog.getByRole('button', { name: 'Create ticket' }).count()).toBe(0)
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Vendor contacted')
    await dialog.getByRole('button', { name: 'Add note' }).click()
    await page.getByText(`Note added to ticket ${id}.`).waitFor()

    // SPEC §5 "Ticket close: needs a comment".
    await dialog.getByRole('button', { name: 'Close ticket' }).click()
    await dialog.getByRole('heading', { name: `Close ticket ${id} of ${risk.host_name} – ${PG_WEAK}` }).waitFor()
    await dialog.getByRole('button', { name: 'Close ticket' }).click()
    await dialog.getByText('A comment is required.').waitFor()
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Password rotated')
    await dialog.getByRole('button', { name: 'Close ticket' }).click()
    await page.getByText(`Ticket ${id} closed.`).waitFor()
    // Listed as closed, and a new ticket may be opened (re-open, SPEC §4).
    await dialog.getByRole('button', { name: 'Create ticket' }).waitFor()
    await dialog
      .getByRole('listitem')
      .filter({ hasText: `Ticket ${id}` })
      .getByRole('term')
      .filter({ hasText: 'Closed' })
      .waitFor()
    const [ticket] = (await user.api.get(`/api/v1/risks/${risk.id}/tickets`)).body.result
    expect(ticket).toMatchObject({ ticket_id: id, isClosed: true })
    expect(ticket.notes.map((n: any) => n.comment)).toEqual(expect.arrayContaining(['Vendor contacted', 'Password rotated']))
  })

  it('says why a risk without a matched host gets no ticket (SPEC §8 "no host info found")', async () => {
    const ghost = (await user.api.get('/api/v1/risks?limit=100')).body.result.find((r: any) => r.host_id === null)
    const page = await openAs(suite, user, `/risks?risk=${ghost.id}`)
    const dialog = page.getByRole('dialog', { name: `${ghost.plugin_name} on ghost.example.net` })
    await dialog.getByText('No host info found for ghost.example.net.').waitFor()
    expect(await dialog.getByRole('button', { name: 'Create ticket' }).isDisabled()).toBe(true)
  })

  it("groups an environment's risks by plugin with counts per severity (SPEC §2 /risks/{hostgroup_name})", async () => {
    const page = await openAs(suite, user, `/risks/${encodeURIComponent(envName)}`)
    const table = page.getByRole('table', { name: 'Risks by plugin' })
    await rowCount(table, 5)
    // Worst first (SPEC §4 group style), each plugin with its counts under Very high, High, Medium, Low, Info.
    const rows = (await table.getByRole('row').allInnerTexts()).slice(1).map((r) => r.split(/\s*\t\s*/).filter((c) => c && c !== '▸'))
    expect(rows.slice(0, 3)).toEqual([
      ['Very high', LOG4SHELL, '1', '0', '0', '0', '0', '1'],
      ['High', 'PostgreSQL weak password', '0', '1', '0', '0', '0', '1'],
      ['Medium', 'SSL Certificate Cannot Be Trusted', '0', '0', '2', '0', '0', '2'],
    ])
    const cert = table.getByRole('row').filter({ hasText: 'SSL Certificate Cannot Be Trusted' })
    await cert.getByRole('button', { name: 'Show details' }).click()
    await page.getByRole('button', { name: 'Details of SSL Certificate Cannot Be Trusted on ghost.example.net' }).click()
    await page.getByRole('dialog', { name: 'SSL Certificate Cannot Be Trusted on ghost.example.net' }).getByText('Medium').first().waitFor()
  })

  it('follows the environment filter as the monitoring lists do (SPEC §3 preferences.environmentFilter)', async () => {
    const other = await makeTenant(suite.server, suite.admin, 'administrator')
    const second = await other.api.post('/api/v1/hostgroups/', {
      name: uniq('env'),
      alias: 'Second',
      organization_id: other.organizationId,
    })
    expect(second.status).toBe(201)
    await importScans(other, other.environmentId, ['site-openvas.xml'])
    await importScans(other, second.body.id, ['site.nessus'])
    const page = await openAs(suite, other, '/risks')
    const table = risksTable(page)
    await rowCount(table, 6)
    const filtered = await other.api.put('/api/v1/users/current', { preferences: { environmentFilter: [second.body.id] } })
    expect(filtered.status).toBe(200)
    await page.reload()
    await page.getByText('Only the environments of your environment filter are shown.').waitFor()
    await rowCount(table, 4)
    expect(await table.getByRole('link', { name: 'Second' }).count()).toBe(4)
  })

  it('speaks Dutch when chosen, with no raw catalogue key (issue 19)', async () => {
    const dutch = await makeTenant(suite.server, suite.admin, 'administrator')
    await importScans(dutch, dutch.environmentId, ['site.nessus'])
    expect((await dutch.api.put('/api/v1/users/current', { preferences: { language: 'nl' } })).status).toBe(200)
    const risk = (await dutch.api.get('/api/v1/risks?limit=100')).body.result.find((r: any) => r.plugin_name === LOG4SHELL)
    const page = await openAs(suite, dutch, `/risks?risk=${risk.id}`)
    const dialog = page.getByRole('dialog', { name: `${LOG4SHELL} op 10.0.0.11` })
    await dialog.getByText('Samenvatting', { exact: true }).waitFor()
    await page.getByRole('table', { name: 'Risico’s' }).getByText('Zeer hoog').waitFor()
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/\b(?:risks|ui|monitoring)\.[A-Za-z_]+\.[A-Za-z_.]+/)
  })

  it('says "no risks found" to someone whose environments have none', async () => {
    const other = await makeTenant(suite.server, suite.admin, 'engineer')
    const page = await openAs(suite, other, '/risks')
    await page.getByText('No risks found.').waitFor()
  })
})
