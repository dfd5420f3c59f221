/**
 * The report content items computed from real data (SPEC §1 "View reports (… standby, risk, graphs)", §3 content
 * catalogue): the standby summary from the state_change events the engine writes for results with past times, the
 * risk summary from an imported scan, and the graphs from the performance data of results. Each expected figure is
 * worked out by hand from what the test sent. Everything is read through the report, so another tenant sees none of it.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, uniq, type Tenant } from '../helpers/api'

const HOUR = 3600
const DAY = 86_400
/** Vigil's service hours (shared/report-figures/period.ts): Monday to Friday 08:00–18:00 UTC. */
const isWeekday = (t: number) => [1, 2, 3, 4, 5].includes(new Date(t * 1000).getUTCDay())

describe.each(DATABASES)('report content on %s', (db) => {
  const {
    server,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })

  // A daily report's last period is yesterday (D), compared with the day before (P).
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY
  const D = today - DAY
  const P = D - DAY

  async function addHost(t: Tenant, extra: Record<string, unknown> = {}) {
    const name = uniq('content-host')
    const r = await t.api.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, check_type: '1', max_check_attempts: 1, ...extra })
    expect(r.status).toBe(201)
    // The host has been there for days, so no time of the two periods is undetermined.
    await server.vigil.store.db
      .updateTable('hosts')
      .set({ created_time: P - 2 * DAY })
      .where('id', '=', r.body.id)
      .execute()
    return { ...r.body, name } as { id: number; name: string }
  }
  const post = async (t: Tenant, result: Record<string, unknown>) => expect((await t.api.post('/api/v1/results', result)).status).toBe(200)
  const addReport = async (t: Tenant, extra: Record<string, unknown>) => {
    const r = await t.api.post('/api/v1/reports', {
      title: uniq('Content'),
      hostgroup_id: t.environmentId,
      period: 'daily',
      type: 'by_host',
      ...extra,
    })
    expect(r.status).toBe(201)
    return r.body as { id: number }
  }

  it('adds up the standby hours from the events: problems, time down and the trend (SPEC §3 standby-summary)', async () => {
    const host = await addHost(a, { tags: ['standby'] })
    const plain = await addHost(a)
    // Up before both periods; the day before yesterday one outage at 02:00–02:30; yesterday three: 03:00–04:00,
    // 12:00–13:00 (service hours on a weekday) and 20:00–20:30.
    const changes: [number, number][] = [
      [P - HOUR, 0],
      [P + 2 * HOUR, 2],
      [P + 2.5 * HOUR, 0],
      [D + 3 * HOUR, 2],
      [D + 4 * HOUR, 0],
      [D + 12 * HOUR, 2],
      [D + 13 * HOUR, 0],
      [D + 20 * HOUR, 2],
      [D + 20.5 * HOUR, 0],
    ]
    for (const [time, exit_status] of changes) await post(a, { host: host.name, exit_status, output: exit_status ? 'down' : 'up', time })
    await post(a, { host: plain.name, exit_status: 0, output: 'up', time: P - HOUR })
    const events = (await a.api.get(`/api/v1/events?host_id=${host.id}&types=state_change&limit=100`)).body.result
    // The first result finds the host up as it was added: no change; each later one is a state_change event.
    expect(events.map((e: { display_time: number }) => e.display_time).reverse()).toEqual(changes.slice(1).map(([time]) => time))

    const report = await addReport(a, { hosts: [host.id, plain.id], content: ['standby-summary', 'stability-summary'] })
    const figures = await a.api.get(`/api/v1/reports/${report.id}/figures?range=last`)
    expect(figures.status).toBe(200)
    expect([figures.body.from, figures.body.to, figures.body.previous_from]).toEqual([D, today, P])
    const [s, quiet] = [host.id, plain.id].map((id) => figures.body.subjects.find((x: { id: number }) => x.id === id))

    // Yesterday on a weekday: standby 00–08 and 18–24 (14 h), down 03–04 and 20–20:30, the noon outage is in
    // service hours; on a weekend day all 24 h are standby and all three outages count.
    const weekday = isWeekday(D)
    const total = weekday ? 14 * HOUR : DAY
    const down = weekday ? 1.5 * HOUR : 2.5 * HOUR
    const problems = weekday ? 2 : 3
    expect(s.standby.on_standby).toBe(true)
    expect(s.standby.current).toEqual({ total, seconds: { up: total - down, down }, changes: 2 * problems, problems })
    // The day before: one half-hour outage at 02:00, always standby.
    const previousTotal = isWeekday(P) ? 14 * HOUR : DAY
    expect(s.standby.previous).toEqual({
      total: previousTotal,
      seconds: { up: previousTotal - 0.5 * HOUR, down: 0.5 * HOUR },
      changes: 2,
      problems: 1,
    })
    // SPEC §9 relative mode: (problems / previous − 1) × 100 = 100 or 200, above 0.5: high, up.
    expect(s.standby.problems_trend).toEqual({ value: (problems - 1) * 100, level: 'high', direction: 'up' })
    // The whole day (24/7 window) counts all three outages as problems.
    expect([s.current.changes, s.current.problems]).toEqual([6, 3])
    // The other host: no standby option, up all the time, no problems.
    expect(quiet.standby).toEqual({
      on_standby: false,
      current: { total, seconds: { up: total }, changes: 0, problems: 0 },
      previous: { total: previousTotal, seconds: { up: previousTotal }, changes: 0, problems: 0 },
      problems_trend: { value: 0, level: 'none', direction: 'none' },
    })
    // Without the item nothing is computed; another tenant reads no figures.
    const without = await addReport(a, { hosts: [host.id], content: ['stability-summary'] })
    expect((await a.api.get(`/api/v1/reports/${without.id}/figures?range=last`)).body.subjects[0].standby).toBeNull()
    expect((await b.api.get(`/api/v1/reports/${report.id}/figures?range=last`)).body.error.key).toBe('report_not_found')
  })

  it("counts the report's hosts' risks by severity, known by the period's end and new in it (SPEC §3 risk-summary)", async () => {
    const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z')
    const item = (plugin: string, severity: number, firstFound: number) =>
      `<ReportItem port="${plugin.length}" svc_name="www" protocol="tcp" severity="${severity}" pluginID="${plugin}" pluginName="Plugin ${plugin}" pluginFamily="General">
<risk_factor>None</risk_factor><synopsis>s</synopsis><first_found>${iso(firstFound)}</first_found></ReportItem>`
    const scan = (hostName: string) => `<?xml version="1.0" ?>
<NessusClientData_v2><Report name="Content scan">
<ReportHost name="${hostName}"><HostProperties><tag name="host-fqdn">${hostName}</tag></HostProperties>
${item('90001', 4, P - DAY)}${item('90002', 2, D + 5 * HOUR)}${item('90003', 0, D + HOUR)}${item('90004', 1, today)}
</ReportHost>
<ReportHost name="ghost.example.net"><HostProperties/>${item('90005', 3, D + HOUR)}</ReportHost>
</Report></NessusClientData_v2>`
    const upload = async (t: Tenant, hostName: string) => {
      const r = await fetch(`${server.baseUrl}/api/v1/risks/scans?hostgroup_id=${t.environmentId}&file_name=content.nessus`, {
        method: 'POST',
        body: scan(hostName),
        headers: { authorization: `Bearer ${await tokenOf(server, t)}`, 'content-type': 'application/xml' },
      })
      expect(r.status).toBe(201)
    }
    const host = await addHost(a)
    const clean = await addHost(a)
    await upload(a, host.name)
    // Another tenant's host of the same name with the same findings: none of them is a's.
    const theirs = (await b.api.post('/api/v1/hosts/', { name: host.name, hostgroup_id: b.environmentId, check_type: '1' })).body
    expect(theirs.id).toBeGreaterThan(0)
    await upload(b, host.name)

    const report = await addReport(a, { hosts: [host.id, clean.id], content: ['risk-summary'] })
    const risksOf = async (range: string) => {
      const r = await a.api.get(`/api/v1/reports/${report.id}/figures?range=${range}`)
      expect(r.status).toBe(200)
      return Object.fromEntries(r.body.subjects.map((s: { id: number; risks: unknown }) => [s.id, s.risks]))
    }
    // Yesterday's end: the very high one found before (known, not new), the medium and the info one found
    // yesterday (new); the low one found today is not known yet, the ghost host's high one is no host's.
    const last = await risksOf('last')
    expect(last[host.id]).toEqual({ counts: { info: 1, low: 0, medium: 1, high: 0, veryhigh: 1 }, total: 3, new_in_period: 2 })
    expect(last[clean.id]).toEqual({ counts: { info: 0, low: 0, medium: 0, high: 0, veryhigh: 0 }, total: 0, new_in_period: 0 })
    // Today so far: all four, the low one new.
    expect((await risksOf('this'))[host.id]).toEqual({
      counts: { info: 1, low: 1, medium: 1, high: 0, veryhigh: 1 },
      total: 4,
      new_in_period: 1,
    })
  })

  it("draws the performance data of the report's hosts and resources over the period; another tenant gets 404 (SPEC §3 graphs)", async () => {
    const host = await addHost(a)
    const resource = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'load', check_type: '1' })).body
    // Yesterday load1 was 1, 3 and 5 at 01:00, 02:00 and 03:00, and the host's rta 12 ms (kept in seconds) at 01:00;
    // the value at today's first second is outside yesterday.
    for (const [h, v] of [
      [1, 1],
      [2, 3],
      [3, 5],
    ])
      await post(a, { resource_id: resource.id, exit_status: 0, output: 'OK', perfdata: `load1=${v};4;8;0;`, time: D + h * HOUR })
    await post(a, { resource_id: resource.id, exit_status: 0, output: 'OK', perfdata: 'load1=9;4;8;0;', time: today })
    await post(a, { host: host.name, exit_status: 0, output: 'up', perfdata: 'rta=12ms;100;500;0;', time: D + HOUR })

    const report = await addReport(a, { hosts: [host.id], content: ['resource-performance-breakdown'] })
    const graphs = await a.api.get(`/api/v1/reports/${report.id}/graphs?range=last`)
    expect(graphs.status).toBe(200)
    expect([graphs.body.from, graphs.body.to, graphs.body.limited]).toEqual([D, today, false])
    // A day in at most 300 points: buckets of 288 s, each value alone in its own.
    const step = Math.ceil(DAY / 300)
    const point = (h: number, v: number) => ({ t: Math.floor((D + h * HOUR) / step) * step, min: v, avg: v, max: v })
    expect(graphs.body.graphs).toEqual([
      {
        kind: 'host',
        id: host.id,
        host_name: host.name,
        resource_name: null,
        unit: 's',
        step,
        series: [
          {
            key: 'rta',
            warn: expect.objectContaining({ end: 0.1 }),
            crit: expect.objectContaining({ end: 0.5 }),
            min: 0,
            max: null,
            points: [point(1, 0.012)],
            summary: { min: 0.012, avg: 0.012, max: 0.012, last: 0.012 },
          },
        ],
      },
      {
        kind: 'resource',
        id: resource.id,
        host_name: host.name,
        resource_name: 'load',
        unit: '',
        step,
        series: [
          {
            key: 'load1',
            warn: expect.objectContaining({ end: 4 }),
            crit: expect.objectContaining({ end: 8 }),
            min: 0,
            max: null,
            points: [point(1, 1), point(2, 3), point(3, 5)],
            summary: { min: 1, avg: 3, max: 5, last: 5 },
          },
        ],
      },
    ])
    // A report by resource draws that resource only; today's value is in this period's graph.
    const byResource = await addReport(a, { type: 'by_resource', resources: [resource.id], content: ['resource-performance-breakdown'] })
    const now = (await a.api.get(`/api/v1/reports/${byResource.id}/graphs?range=this`)).body.graphs
    expect(now.map((g: { kind: string; series: { summary: unknown }[] }) => [g.kind, g.series[0].summary])).toEqual([
      ['resource', { min: 9, avg: 9, max: 9, last: 9 }],
    ])
    for (const id of [report.id, byResource.id]) {
      const hidden = await b.api.get(`/api/v1/reports/${id}/graphs?range=last`)
      expect([hidden.status, hidden.body.error.key]).toEqual([404, 'report_not_found'])
    }
    const absent = await a.api.get('/api/v1/reports/999999999/graphs')
    expect([absent.status, absent.body.error.key]).toEqual([404, 'report_not_found'])
  })
})
