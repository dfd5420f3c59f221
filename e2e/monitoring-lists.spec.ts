/**
 * Issue 17 "Tests" for the monitoring lists as an operator uses them, against the built app and the real
 * server: page through the hosts with a smaller page size (SPEC §2 generic table panel, §9 page size
 * options), and download the filtered list as CSV in Chromium (SPEC §2 "CSV download"), its age as people
 * read it beside its raw seconds.
 */
import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Request } from 'playwright-core'
import { parseCsv } from '../src/shared/csv'
import { engineerWith } from './monitored-hosts'
import { browserAs, openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()
const nowS = () => Math.floor(Date.now() / 1000)

describe('monitoring lists (issue 17)', () => {
  it('pages through the hosts ten at a time, the page kept in the link', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `page-${String(i + 1).padStart(2, '0')}`)
    const user = await engineerWith(
      suite,
      names.map((name) => ({ name, status: 0 })),
    )
    const page = await openAs(suite, user, '/monitoring/hosts?order=name')
    const hosts = page.getByRole('table', { name: 'Hosts' })
    await hosts.getByRole('link', { name: 'page-12' }).waitFor()
    await page.getByLabel('Rows per page').selectOption('10')
    await hosts.getByRole('link', { name: 'page-11' }).waitFor({ state: 'detached' })
    const pages = page.getByRole('navigation', { name: 'Pagination' })
    await pages.getByRole('button', { name: 'Next page' }).click()
    await page.waitForURL(/page=2/)
    await hosts.getByRole('link', { name: 'page-12' }).waitFor()
    await hosts.getByRole('link', { name: 'page-01' }).waitFor({ state: 'detached' })
    expect(await hosts.getByRole('link', { name: /^page-\d\d$/ }).allInnerTexts()).toEqual(['page-11', 'page-12'])
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
    expect(await pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true)
    // The link reproduces the screen: the second page after a reload.
    await page.reload()
    await hosts.getByRole('link', { name: 'page-12' }).waitFor()
    await pages.getByRole('button', { name: 'Page 1' }).click()
    await hosts.getByRole('link', { name: 'page-01' }).waitFor()
  })

  it('opens a host and its resource from their row links, and Back returns to the list (RowLink)', async () => {
    const user = await engineerWith(suite, [{ name: 'row-link-01', status: 2, resources: [{ name: 'disk /var', status: 2 }] }])
    const page = await openAs(suite, user, '/monitoring/hosts?order=name')
    await page.getByRole('table', { name: 'Hosts' }).getByRole('link', { name: 'row-link-01' }).click()
    await page.waitForURL(/#\/monitoring\/hosts\/row-link-01\/resources$/)
    await page.getByRole('table', { name: 'Resources' }).getByRole('link', { name: 'disk /var' }).click()
    await page.waitForURL(/#\/monitoring\/hosts\/row-link-01\/disk%20%2Fvar\/status$/)
    await page.goBack()
    await page.goBack()
    await page.getByRole('table', { name: 'Hosts' }).getByRole('link', { name: 'row-link-01' }).waitFor()
  })

  it('refreshes the alerts page after a resource state change without asking the host lists again', async () => {
    const user = await engineerWith(suite, [
      { name: 'scope-down', status: 2 },
      { name: 'scope-up', status: 0, resources: [{ name: 'cpu', status: 2, output: 'CPU CRITICAL - 99%' }] },
    ])
    // Watched from the page's start: the refresh the feed's subscription asks for can still be on its way when the
    // table shows (below).
    const asked: string[] = []
    const unanswered = new Set<Request>()
    const opened = await browserAs(suite, user)
    opened.context.on('request', (r) => {
      asked.push(new URL(r.url()).pathname)
      unanswered.add(r)
    })
    opened.context.on('requestfinished', (r) => unanswered.delete(r))
    opened.context.on('requestfailed', (r) => unanswered.delete(r))
    const page = await opened.tab('/monitoring/problems')
    const problems = page.getByRole('table', { name: 'Problems' })
    await problems.getByText('CPU CRITICAL - 99%').waitFor()
    await problems.getByRole('link', { name: 'scope-down' }).waitFor()
    const post = (result: object) => user.api.post('/api/v1/results', { results: [result] })
    const askedFor = (path: string) => asked.filter((p) => p.startsWith(`/api/v1/${path}`))
    // critical → warning → critical moves the resource between the alerts page's segments, which a refresh shows.
    // The first change's refresh may also carry the one the feed's subscription asked for; the second is alone.
    for (const [status, output] of [
      [1, 'CPU WARNING - 85%'],
      [2, 'CPU CRITICAL - 97%'],
    ] as const) {
      // A refresh still on its way could bring this change itself (CI): its row would then arrive unchanged by the
      // delta, which asks for no refresh of its own.
      await expect.poll(() => unanswered.size, { timeout: 10_000 }).toBe(0)
      asked.length = 0
      expect((await post({ host: 'scope-up', resource: 'cpu', exit_status: status, output })).status).toBe(200)
      await problems.getByText(output).waitFor()
      await expect.poll(() => askedFor('resources').length, { timeout: 10_000 }).toBeGreaterThan(0)
    }
    expect(askedFor('hosts')).toEqual([])
    expect(await problems.getByRole('link', { name: 'scope-down' }).isVisible()).toBe(true)
    // A host that recovers leaves the page: its state change asks the host lists again.
    expect((await post({ host: 'scope-down', exit_status: 0, output: 'PING OK' })).status).toBe(200)
    await problems.getByRole('link', { name: 'scope-down' }).waitFor({ state: 'detached' })
    expect(askedFor('hosts').length).toBeGreaterThan(0)
  })

  it('keeps every column where it was when the feed brings a much longer check output (TableColumn.fills)', async () => {
    const user = await engineerWith(suite, [{ name: 'wide-01' }, { name: 'wide-02' }])
    const post = (output: string) => user.api.post('/api/v1/results', { results: [{ host: 'wide-01', exit_status: 2, output }] })
    expect((await post('PING CRITICAL - short')).status).toBe(200)
    const page = await openAs(suite, user, '/monitoring/hosts?order=name')
    const hosts = page.getByRole('table', { name: 'Hosts' })
    await hosts.getByText('PING CRITICAL - short').waitFor()
    const edges = () => hosts.locator('thead th').evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().left)))
    const before = await edges()
    const long = `PING CRITICAL - ${'unreachable through the customer firewall '.repeat(12)}`.trim()
    expect((await post(long)).status).toBe(200)
    await hosts.getByText(long).waitFor()
    expect(await edges()).toEqual(before)
    // The output takes the room the other columns leave, and wraps in it.
    const output = await hosts.getByText(long).boundingBox()
    expect(output!.height).toBeGreaterThan(40)
  })

  it('keeps the columns when a refresh brings a much longer host name, and sizes them anew when the window changes width', async () => {
    const user = await engineerWith(suite, [
      { name: 'short-01', status: 2 },
      { name: 'short-02', status: 2 },
    ])
    const page = await openAs(suite, user, '/monitoring/hosts?order=name')
    const hosts = page.getByRole('table', { name: 'Hosts' })
    await hosts.getByRole('link', { name: 'short-02' }).waitFor()
    const edges = () => hosts.locator('thead th').evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().left)))
    const before = await edges()
    // A host added and checked meanwhile: its first state change brings it with the next background refresh.
    const long = 'very-long-host-name-of-the-customer-network.example.net'
    const created = await user.api.post('/api/v1/hosts/', {
      name: long,
      hostgroup_id: user.environmentId,
      check_type: '1',
      max_check_attempts: 1,
    })
    expect(created.status).toBe(201)
    const checked = await user.api.post('/api/v1/results', { results: [{ host: long, exit_status: 2, output: 'PING CRITICAL' }] })
    expect(checked.status).toBe(200)
    const name = hosts.getByRole('link', { name: long })
    await name.waitFor()
    expect(await edges()).toEqual(before)
    // The name wraps inside the column it found.
    const oneLine = (await hosts.getByRole('link', { name: 'short-01' }).boundingBox())!.height
    expect((await name.boundingBox())!.height).toBeGreaterThan(oneLine * 1.5)
    // A wider window sizes the columns to their content again: the long name fits on one line.
    await page.setViewportSize({ width: 1800, height: 900 })
    await expect.poll(async () => (await name.boundingBox())!.height).toBeLessThan(oneLine * 1.5)
    const wide = await edges()
    expect(wide).not.toEqual(before)
    // …and a narrower one again from the content, as if opened at that size, not from the widths kept for the wider one.
    await page.setViewportSize({ width: 1400, height: 900 })
    await expect.poll(edges).not.toEqual(wide)
    const narrowed = await edges()
    await page.reload()
    await name.waitFor()
    expect(await edges()).toEqual(narrowed)
  })

  it('downloads the filtered hosts as CSV with the age as people read it and its raw seconds in a column of their own', async () => {
    const user = await engineerWith(suite, [{ name: 'csv-down' }, { name: 'csv-up' }, { name: 'other-up' }])
    // State changes at known times: csv-down went down 2 hours 5 minutes ago, csv-up came up 3 days ago.
    const results = [
      { host: 'csv-down', exit_status: 2, output: 'PING CRITICAL - csv-down, unreachable', time: nowS() - (2 * 3600 + 5 * 60) },
      { host: 'csv-up', exit_status: 0, output: 'PING OK - csv-up', time: nowS() - 3 * 86400 },
      { host: 'other-up', exit_status: 0, output: 'PING OK - other-up', time: nowS() - 60 },
    ]
    expect((await user.api.post('/api/v1/results', { results })).status).toBe(200)
    const page = await openAs(suite, user, '/monitoring/hosts?order=name')
    const hosts = page.getByRole('table', { name: 'Hosts' })
    await hosts.getByRole('link', { name: 'other-up' }).waitFor()
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.getByRole('combobox', { name: 'Column of rule 1' }).selectOption({ label: 'Host' })
    await page.getByRole('textbox', { name: 'Value of rule 1' }).fill('csv-')
    await page.getByRole('button', { name: 'Apply' }).click()
    await hosts.getByRole('link', { name: 'other-up' }).waitFor({ state: 'detached' })

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^Hosts-\d{4}-\d\d-\d\d\.csv$/)
    const parsed = parseCsv(await fs.readFile((await download.path())!, 'utf8'))
    if (!('records' in parsed)) throw new Error(`unreadable CSV: ${JSON.stringify(parsed)}`)
    const [header, ...rows] = parsed.records.map((r) => r.fields)
    const column = (name: string) => {
      expect(header).toContain(name)
      return rows.map((r) => r[header.indexOf(name)])
    }
    // Only the filtered hosts, every row as wide as the header.
    expect(column('Host')).toEqual(['csv-down', 'csv-up'])
    expect(rows.every((r) => r.length === header.length)).toBe(true)
    expect(column('Check output')).toEqual(['PING CRITICAL - csv-down, unreachable', 'PING OK - csv-up'])
    // The age as the table shows it, then the seconds it stands for, never a unix time.
    const [downAge, upAge] = column('Age')
    expect(downAge).toMatch(/^2h [56]m$/)
    expect(upAge).toBe('3d')
    const [downSeconds, upSeconds] = column('Age (seconds)').map(Number)
    expect(Math.abs(downSeconds - (2 * 3600 + 5 * 60))).toBeLessThan(90)
    expect(Math.abs(upSeconds - 3 * 86400)).toBeLessThan(90)
    expect(header.indexOf('Age (seconds)')).toBe(header.indexOf('Age') + 1)
  })
})
