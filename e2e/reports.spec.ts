/**
 * Reports as an engineer uses them (SPEC §1 "View reports", §2 Reports routes, §3 Report, §5 Reports), against
 * the built app and the real server: a report made through the form is listed, opens, and shows the time a host
 * spent down as the state_change events this test caused say; a report of every content item shows its index,
 * standby and risk summaries and graphs from the results and the scan this test sent; the report-content presets
 * pick a calendar period kept in the address; a person who may not write reports is told so instead of a form.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addUser, makeTenant, tokenOf, uniq, waitFor, type Tenant } from '../tests/helpers/api'
import { formatDuration, percentOf } from '../src/reports/figures'
import { useBrowserSuite, openAs } from './browser'

const suite = useBrowserSuite()
const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

describe('reports (SPEC §1, §2)', () => {
  it('adds a report through the form, lists it, opens it and shows the outage the host went through', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const hostName = uniq('report-host')
    const host = (
      await user.api.post('/api/v1/hosts/', { name: hostName, hostgroup_id: user.environmentId, check_type: '1', max_check_attempts: 1 })
    ).body
    await user.api.post('/api/v1/hosts/', { name: uniq('left-out'), hostgroup_id: user.environmentId, check_type: '1' })
    // Down, then up again at least two seconds later: the events' own times say how long.
    expect((await user.api.post('/api/v1/results', { host: hostName, exit_status: 2, output: 'down' })).status).toBe(200)
    const started = Date.now()
    await waitFor(async () => Date.now() - started > 2100)
    expect((await user.api.post('/api/v1/results', { host: hostName, exit_status: 0, output: 'up' })).status).toBe(200)
    const events = (await user.api.get(`/api/v1/events?host_id=${host.id}&types=state_change`)).body.result
    expect(events.map((e: { status: string }) => e.status)).toEqual(['up', 'down'])
    const downFor = events[0].display_time - events[1].display_time

    const page = await open(user, '/reports')
    await page.getByRole('button', { name: 'Add report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add report' })
    // SPEC §5: at least one content item; nothing is written without one.
    await dialog.getByLabel('Title').fill('Core uptime')
    await dialog.getByLabel('Period').selectOption({ label: 'Monthly' })
    await dialog.getByRole('button', { name: 'Add report' }).click()
    await dialog.getByRole('alert').getByText('Choose at least one content item.').waitFor()
    expect((await user.api.get('/api/v1/reports')).body.totalresults).toBe(0)

    await dialog.getByLabel(hostName).check()
    await dialog.getByLabel('Uptime summary').check()
    await dialog.getByLabel('State summary').check()
    await dialog.getByRole('button', { name: 'Add report' }).click()
    await page.getByRole('heading', { name: 'Core uptime' }).waitFor()

    // The overview lists it; its title opens it.
    await page.goto(page.url().replace(/#.*$/, '#/reports'))
    const table = page.getByRole('table', { name: 'Reports' })
    const row = table.getByRole('row').filter({ hasText: 'Core uptime' })
    await row.getByText('Monthly').waitFor()
    await row.getByRole('link', { name: 'Core uptime' }).click()

    const states = page.getByRole('region', { name: 'State summary' })
    const hostRow = states.getByRole('row', { name: new RegExp(hostName) })
    // Columns: Up, Down, …: the Down cell is the outage this test caused, and only the chosen host is reported.
    await expect.poll(() => hostRow.getByRole('cell').nth(1).textContent()).toBe(formatDuration(downFor))
    expect(await states.getByRole('row').count()).toBe(2)
    await page
      .getByRole('region', { name: 'Uptime summary' })
      .getByRole('row', { name: new RegExp(hostName) })
      .waitFor()
  })

  it('shows the index, graphs, standby and risk summaries of a report over yesterday (SPEC §3 content, index page)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const hostName = uniq('standby-host')
    const host = (
      await user.api.post('/api/v1/hosts/', {
        name: hostName,
        hostgroup_id: user.environmentId,
        check_type: '1',
        max_check_attempts: 1,
        tags: ['standby'],
      })
    ).body
    const resource = (await user.api.post('/api/v1/resources/', { host_id: host.id, name: 'load', check_type: '1' })).body
    const today = Math.floor(Date.now() / 86_400_000) * 86_400
    const yesterday = today - 86_400
    // The host has been there for days, so yesterday is not undetermined.
    await suite.server.vigil.store.db
      .updateTable('hosts')
      .set({ created_time: yesterday - 86_400 * 3 })
      .where('id', '=', host.id)
      .execute()
    // Up since the day before; yesterday down 03:00–04:00 (standby hours every day), load1 1, 3 and 5 at 01:00,
    // 02:00 and 03:00.
    for (const [h, exit_status] of [
      [-1, 0],
      [3, 2],
      [4, 0],
    ])
      expect(
        (await user.api.post('/api/v1/results', { host: hostName, exit_status, output: 'host', time: yesterday + h * 3600 })).status,
      ).toBe(200)
    for (const [h, v] of [
      [1, 1],
      [2, 3],
      [3, 5],
    ])
      expect(
        (
          await user.api.post('/api/v1/results', {
            resource_id: resource.id,
            exit_status: 0,
            output: 'OK',
            perfdata: `load1=${v};4;8;0;`,
            time: yesterday + h * 3600,
          })
        ).status,
      ).toBe(200)
    // A scan: a very high risk found long ago, a medium one found yesterday.
    const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z')
    const item = (id: string, severity: number, found: number) =>
      `<ReportItem port="${severity}" svc_name="www" protocol="tcp" severity="${severity}" pluginID="${id}" pluginName="Plugin ${id}" pluginFamily="General"><synopsis>s</synopsis><first_found>${iso(found)}</first_found></ReportItem>`
    const scan = await fetch(`${suite.server.baseUrl}/api/v1/risks/scans?hostgroup_id=${user.environmentId}&file_name=site.nessus`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(suite.server, user)}`, 'content-type': 'application/xml' },
      body: `<?xml version="1.0" ?><NessusClientData_v2><Report name="site"><ReportHost name="${hostName}"><HostProperties/>${item('91001', 4, yesterday - 86_400 * 30)}${item('91002', 2, yesterday + 3600)}</ReportHost></Report></NessusClientData_v2>`,
    })
    expect(scan.status).toBe(201)
    const report = (
      await user.api.post('/api/v1/reports', {
        title: 'Night watch',
        hostgroup_id: user.environmentId,
        period: 'daily',
        type: 'by_host',
        hosts: [host.id],
        content: ['risk-summary', 'standby-summary', 'resource-performance-breakdown', 'uptime-summary'],
        options: { include_index_page: true },
      })
    ).body

    const page = await open(user, `/reports/${encodeURIComponent(report.hostgroup_name)}/${encodeURIComponent(report.name)}`)
    await page.getByRole('button', { name: 'Last period' }).click()
    // The index lists the sections in catalogue order; an entry moves to its section.
    const index = page.getByRole('navigation', { name: 'Contents' })
    await expect
      .poll(() => index.getByRole('listitem').allInnerTexts())
      .toEqual(['Uptime summary', 'Graphs', 'Standby summary', 'Risk summary'])
    await index.getByRole('button', { name: 'Risk summary' }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Risk summary')

    // Standby: the standby host, one problem after none the day before, an hour down of yesterday's standby hours
    // (14 h on a weekday, all 24 on a weekend day).
    const weekday = [1, 2, 3, 4, 5].includes(new Date(yesterday * 1000).getUTCDay())
    const standbyTotal = (weekday ? 14 : 24) * 3600
    const standby = page.getByRole('region', { name: 'Standby summary' }).getByRole('row', { name: new RegExp(hostName) })
    await expect
      .poll(() => standby.getByRole('cell').allInnerTexts())
      .toEqual(['Yes', '1', '0', expect.stringContaining('new'), formatDuration(3600), percentOf(standbyTotal - 3600, standbyTotal)])

    // Risks by severity, worst first: very high 1, high 0, medium 1, low 0, info 0; 2 in all, 1 new yesterday.
    const risks = page.getByRole('region', { name: 'Risk summary' }).getByRole('row', { name: new RegExp(hostName) })
    await expect.poll(() => risks.getByRole('cell').allInnerTexts()).toEqual(['1', '0', '1', '0', '0', '2', '1'])

    // The graphs: yesterday's three load1 values, the legend's min, avg, max, last and thresholds.
    const graphs = page.getByRole('region', { name: 'Graphs' })
    await graphs.getByText(`${hostName} / load: load1`).waitFor()
    await graphs.getByRole('img', { name: /^load1: 3 points from / }).waitFor()
    const legend = graphs.getByRole('table', { name: 'Legend of load1' }).getByRole('row', { name: /load1/ })
    await expect.poll(() => legend.getByRole('cell').allInnerTexts()).toEqual(['1', '3', '5', '5', '4', '8'])
  })

  it('looks at a report over a report-content preset, kept in the address, computed by the server (SPEC §9)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const report = (
      await user.api.post('/api/v1/reports', {
        title: 'Quarterly look',
        hostgroup_id: user.environmentId,
        period: 'weekly',
        type: 'by_host',
        content: ['uptime-summary'],
      })
    ).body
    const page = await open(user, `/reports/${encodeURIComponent(report.hostgroup_name)}/${encodeURIComponent(report.name)}`)
    const presets = page.getByRole('group', { name: 'Calendar period' })
    await expect
      .poll(() => presets.getByRole('button').allInnerTexts())
      .toEqual(['Yesterday', 'Last week', 'Last month', 'Last quarter', 'Last year'])
    const answer = page.waitForResponse((r) => r.url().includes(`/reports/${report.id}/figures?range=last_quarter`))
    await presets.getByRole('button', { name: 'Last quarter' }).click()
    // The server's span: the last whole calendar quarter (UTC), compared with the one before.
    const d = new Date()
    const quarter = d.getUTCMonth() - (d.getUTCMonth() % 3)
    const body = await (await answer).json()
    expect([body.from, body.to, body.previous_from]).toEqual(
      [quarter - 3, quarter, quarter - 6].map((m) => Date.UTC(d.getUTCFullYear(), m, 1) / 1000),
    )
    expect(page.url()).toContain('range=last_quarter')
    await page.reload()
    await expect.poll(() => presets.getByRole('button', { name: 'Last quarter' }).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('button', { name: 'This period' }).getAttribute('aria-pressed')).toBe('false')
  })

  it('tells a person without write that they may not edit the report, instead of the form (SPEC §6)', async () => {
    const engineer = await makeTenant(suite.server, suite.admin, 'engineer')
    const report = (
      await engineer.api.post('/api/v1/reports', {
        title: 'Not yours to edit',
        hostgroup_id: engineer.environmentId,
        period: 'weekly',
        type: 'by_host',
        content: ['uptime-summary'],
      })
    ).body
    const desk = await addUser(suite.server, engineer, 'service_desk')
    const path = `/reports/${encodeURIComponent(report.hostgroup_name)}/${encodeURIComponent(report.name)}/configuration`

    // The configuration shows no edit link to the service desk; the edit address says why there is no form.
    const page = await openAs(suite, desk, path)
    await page.getByRole('link', { name: 'Timeline' }).waitFor()
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0)
    await page.goto(page.url().replace(/#.*$/, `#${path}/edit`))
    await page.getByRole('alert').getByText('You are not authorized to edit this report.').waitFor()
    expect(await page.getByRole('textbox', { name: 'Title' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0)

    // The engineer, who may write, has the link and the form.
    const own = await open(engineer, path)
    await own.getByRole('link', { name: 'Edit' }).click()
    await expect.poll(() => own.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Not yours to edit')
    expect(await own.getByText('You are not authorized to edit this report.').count()).toBe(0)
  })
})
