/**
 * Issue 17 "Graphs" as an operator reads them, against the built app and the real server: the series of one
 * unit share a chart with their threshold lines, the legend's min, avg, max and last match the values posted
 * through POST /api/v1/results (SPEC §9 number format, bytes base 1024), the tab opens on a range that fits
 * two hours of data, and the read-out names every series at the pointer and at the keyboard's step.
 */
import { describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { engineerWith } from './monitored-hosts'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()

/** The legend's rows as text cells: series, min, avg, max, last, warning, critical. */
async function legendRows(legend: Locator): Promise<string[][]> {
  await legend.getByRole('row').nth(1).waitFor()
  const rows = await legend.getByRole('row').all()
  return Promise.all(
    rows
      .slice(1)
      .map(async (row) =>
        [await row.getByRole('rowheader').innerText(), ...(await row.getByRole('cell').allInnerTexts())].map((c) => c.trim()),
      ),
  )
}

describe('resource graphs (issue 17)', () => {
  it('draws load1 and load5 on one chart with a legend of the posted values, on a range that fits two hours of data', async () => {
    const user = await engineerWith(suite, [{ name: 'graph-01', status: 0, resources: [{ name: 'load', status: 0 }] }])
    // Eleven results ten minutes apart, the oldest 110 minutes ago: the data is not quite two hours old.
    const load1 = [1, 2, 3, 0.5, 4.25, 2, 1, 3, 2, 1.5, 2.5]
    const load5 = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 5]
    const memMb = [300, 310, 320, 330, 340, 350, 360, 370, 380, 390, 512]
    const now = Math.floor(Date.now() / 1000)
    const results = load1.map((v, i) => ({
      host: 'graph-01',
      resource: 'load',
      exit_status: 0,
      output: 'LOAD OK',
      perfdata: `load1=${v};4;8;0; load5=${load5[i]};4;8;0; mem=${memMb[i]}MB;;;0;`,
      time: now - (11 - i) * 600,
    }))
    expect((await user.api.post('/api/v1/results', { results })).status).toBe(200)

    const page = await openAs(suite, user, '/monitoring/hosts/graph-01/load/graphs')
    const range = page.getByRole('form', { name: 'Time range' })
    // Not the last day, with the two hours squashed into its right edge.
    await range.getByRole('button', { name: 'Last 2 hours', pressed: true }).waitFor()
    const chart = page.getByRole('img', { name: /^load1, load5: 22 points from / })
    await chart.waitFor()
    await page.getByRole('img', { name: /^mem: 11 points from / }).waitFor()

    // min, avg (22.75 / 11 and 35 / 11, in the SPEC §9 number format), max, last, warning, critical.
    expect(await legendRows(page.getByRole('table', { name: 'Legend of load1, load5' }))).toEqual([
      ['load1', '0.5', '2.07', '4.25', '2.5', '4', '8'],
      ['load5', '3', '3.18', '5', '5', '4', '8'],
    ])
    expect(await legendRows(page.getByRole('table', { name: 'Legend of mem' }))).toEqual([
      ['mem', '300 MB', '360 MB', '512 MB', '512 MB', '–', '–'],
    ])
    // Both thresholds lie near the data, so both are drawn across the load chart.
    const figure = page.getByRole('figure').filter({ has: chart })
    expect(await figure.locator('[data-threshold="warn"]').count()).toBe(1)
    expect(await figure.locator('[data-threshold="crit"]').count()).toBe(1)

    // Hovering reads out both series at the pointer's time.
    const box = (await chart.boundingBox())!
    await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2)
    const readout = figure.getByRole('status')
    await readout.filter({ hasText: /\d\d:\d\d:\d\d: load1 2\.5; load5 5$/ }).waitFor()
    await page.mouse.move(0, 0)
    await readout.filter({ hasText: /^$/ }).waitFor()

    // With the chart focused, the arrow keys step through the times: End is the newest, Left the one before.
    await chart.focus()
    await page.keyboard.press('End')
    await readout.filter({ hasText: /: load1 2\.5; load5 5$/ }).waitFor()
    await page.keyboard.press('ArrowLeft')
    await readout.filter({ hasText: /: load1 1\.5; load5 3$/ }).waitFor()

    // Ranges stay choosable; a longer one holds the same values.
    await range.getByRole('button', { name: 'Last day' }).click()
    await page.waitForURL(/range=past-1d/)
    await range.getByRole('button', { name: 'Last day', pressed: true }).waitFor()
    expect((await legendRows(page.getByRole('table', { name: 'Legend of load1, load5' })))[0]).toEqual([
      'load1',
      '0.5',
      '2.07',
      '4.25',
      '2.5',
      '4',
      '8',
    ])
  })
})
