/**
 * Reports (SPEC §3 Report, §2 Reports routes, §5 Reports: title unique per environment and at least one content
 * item, §6 write to add, edit and delete, §8 report keys and limit_exceeded): CRUD, by-name, the list protocol,
 * bad input without writes, rights and tenancy, the report timeline (events of type `report`).
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, waitFor, type Tenant } from '../helpers/api'

describe.each(DATABASES)('reports on %s', (db) => {
  const {
    server,
    admin,
    addUser,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })

  const body = (t: Tenant, extra: Record<string, unknown> = {}) => ({
    title: uniq('Uptime'),
    hostgroup_id: t.environmentId,
    period: 'weekly',
    type: 'by_host',
    content: ['uptime-summary', 'stability-summary'],
    ...extra,
  })
  const reportCount = async () =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('creates a report with its defaults, reads it by id and by environment and name (SPEC §2, §3)', async () => {
    const r = await a.api.post('/api/v1/reports', body(a, { title: 'Weekly uptime', window: 'service_hours' }))
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      title: 'Weekly uptime',
      name: 'Weekly uptime',
      period: 'weekly',
      window: 'service_hours',
      type: 'by_host',
      hosts: [],
      content: ['uptime-summary', 'stability-summary'],
      options: { include_soft_states: false, scheduled_outages_as_downtime: false, unknown_as: 'unknown' },
      allowed_actions: ['write'],
    })
    const byName = await a.api.get(
      `/api/v1/reports/by-name/${encodeURIComponent(r.body.hostgroup_name)}/${encodeURIComponent('Weekly uptime')}`,
    )
    expect(byName.status).toBe(200)
    expect(byName.body).toEqual((await a.api.get(`/api/v1/reports/${r.body.id}`)).body)
  })

  it('lists reports with the SPEC §7 list protocol: sorted by title, filtered, paged', async () => {
    const t = await addTenant()
    for (const [title, period] of [
      ['Zulu report', 'daily'],
      ['Alpha report', 'monthly'],
      ['Mid report', 'monthly'],
    ])
      expect((await t.api.post('/api/v1/reports', body(t, { title, period }))).status).toBe(201)
    const all = await t.api.get('/api/v1/reports')
    expect(all.body.totalresults).toBe(3)
    expect(all.body.result.map((x: { title: string }) => x.title)).toEqual(['Alpha report', 'Mid report', 'Zulu report'])
    const filter = encodeURIComponent(JSON.stringify([{ key: 'period', operator: 'equals', value: 'monthly' }]))
    const monthly = await t.api.get(`/api/v1/reports?advanced_filter=${filter}&order=-title&limit=1`)
    expect([monthly.body.totalresults, monthly.body.result.map((x: { title: string }) => x.title)]).toEqual([2, ['Mid report']])
    const content = encodeURIComponent(JSON.stringify([{ key: 'content', operator: 'equals', value: 'stability-summary' }]))
    expect((await t.api.get(`/api/v1/reports?advanced_filter=${content}`)).body.totalresults).toBe(3)
    const unknown = encodeURIComponent(JSON.stringify([{ key: 'created_by', operator: 'equals', value: 1 }]))
    expect((await t.api.get(`/api/v1/reports?advanced_filter=${unknown}`)).body.error.key).toBe('columns_not_allowed')
    // SPEC §7 "grouped: GET {base}grouped, group_by plus the list options".
    const grouped = await t.api.get('/api/v1/reports/grouped?group_by=period&order=title')
    expect(grouped.status).toBe(200)
    expect(grouped.body.result.map((g: any) => [g.period, g.totalresults, g.result.map((r: { title: string }) => r.title)])).toEqual([
      ['daily', 1, ['Zulu report']],
      ['monthly', 2, ['Alpha report', 'Mid report']],
    ])
  })

  it('filters reports by a content item with equals by default, as the report fields are (SPEC §4 filter rules)', async () => {
    const t = await addTenant()
    for (const [title, content] of [
      ['Uptime only', ['uptime-summary']],
      ['Uptime and state', ['uptime-summary', 'state-summary']],
      ['Risks', ['risk-summary']],
    ] as const)
      expect((await t.api.post('/api/v1/reports', body(t, { title, content }))).status).toBe(201)
    const titles = async (rules: object[]) => {
      const r = await t.api.get(`/api/v1/reports?advanced_filter=${encodeURIComponent(JSON.stringify(rules))}&order=title`)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.result.map((x: { title: string }) => x.title)
    }
    expect(await titles([{ key: 'content', operator: 'equals', value: 'uptime-summary' }])).toEqual(['Uptime and state', 'Uptime only'])
    expect(await titles([{ key: 'content', operator: 'not_equals', value: 'uptime-summary' }])).toEqual(['Risks'])
    expect(await titles([{ key: 'content', operator: 'in', value: ['state-summary', 'risk-summary'] }])).toEqual([
      'Risks',
      'Uptime and state',
    ])
    expect(await titles([{ key: 'content', operator: 'not_in', value: ['state-summary', 'risk-summary'] }])).toEqual(['Uptime only'])
    // A content item is a choice, not a text: no part of a name, no unknown name.
    const refused = async (rule: object) =>
      (await t.api.get(`/api/v1/reports?advanced_filter=${encodeURIComponent(JSON.stringify([rule]))}`)).body.error?.key
    expect(await refused({ key: 'content', operator: 'contains', value: 'uptime' })).toBe('unknown_operator')
    expect(await refused({ key: 'content', operator: 'equals', value: 'uptime' })).toBe('validation_failed')
  })

  it('refuses a second report with the same title in the environment: 409 report_already_exists (SPEC §5, §8)', async () => {
    const first = body(a)
    expect((await a.api.post('/api/v1/reports', first)).status).toBe(201)
    const before = await reportCount()
    const again = await a.api.post('/api/v1/reports', { ...first, period: 'daily' })
    expect([again.status, again.body.error.key]).toEqual([409, 'report_already_exists'])
    expect(await reportCount()).toBe(before)
    expect((await b.api.post('/api/v1/reports', { ...first, hostgroup_id: b.environmentId })).status).toBe(201)
  })

  it('rejects a bad title, no content, content that does not apply and unknown values, writing nothing (SPEC §5, §8)', async () => {
    const before = await reportCount()
    const cases: [object, number, string][] = [
      [body(a, { title: 'x' }), 400, 'report_alias_invalid'],
      [body(a, { title: 'semi;colon' }), 400, 'report_alias_invalid'],
      [body(a, { content: [] }), 400, 'validation_failed'],
      [body(a, { period: 'hourly' }), 400, 'validation_failed'],
      [body(a, { type: 'by_resource', content: ['uptime-summary'] }), 400, 'invalid_report_type'],
      [body(a, { content: ['stability-summary', 'stability-summary'] }), 400, 'validation_failed'],
      [body(a, { type: 'by_host_type', host_types: ['teapot'] }), 400, 'invalid_host_type'],
    ]
    for (const [sent, status, key] of cases) {
      const r = await a.api.post('/api/v1/reports', sent)
      expect([r.status, r.body.error?.key], JSON.stringify(sent)).toEqual([status, key])
    }
    expect(await reportCount()).toBe(before)
  })

  it("accepts only hosts and resources of the report's environment; another tenant's reads as not found (SPEC §6)", async () => {
    const theirs = (await b.api.post('/api/v1/hosts/', { name: uniq('their-host'), hostgroup_id: b.environmentId, check_type: '1' })).body
    const before = await reportCount()
    const r = await a.api.post('/api/v1/reports', body(a, { hosts: [theirs.id] }))
    expect([r.status, r.body.error.key, r.body.error.extra_info.ids]).toEqual([404, 'host_not_found', [theirs.id]])
    const other = await a.api.post('/api/v1/reports', body(a, { hostgroup_id: b.environmentId }))
    expect([other.status, other.body.error.key]).toEqual([404, 'hostgroup_not_found'])
    expect(await reportCount()).toBe(before)
  })

  it('keeps reports of one organization from another: list, get, by-name, update and delete answer as absent', async () => {
    const report = (await a.api.post('/api/v1/reports', body(a))).body
    expect((await b.api.get('/api/v1/reports')).body.result.map((x: { id: number }) => x.id)).not.toContain(report.id)
    expect((await b.api.get(`/api/v1/reports/${report.id}`)).body.error.key).toBe('report_not_found')
    expect((await b.api.get(`/api/v1/reports/by-name/${report.hostgroup_name}/${report.name}`)).status).toBe(404)
    expect((await b.api.put(`/api/v1/reports/${report.id}`, { period: 'daily' })).status).toBe(404)
    expect((await b.api.del(`/api/v1/reports/${report.id}`)).status).toBe(404)
    expect((await a.api.get(`/api/v1/reports/${report.id}`)).body.period).toBe('weekly')
  })

  it('lets a service desk user read reports but not add, edit or delete them (SPEC §6 write)', async () => {
    const report = (await a.api.post('/api/v1/reports', body(a))).body
    const desk = (await addUser(a, 'service_desk')).api
    expect((await desk.get(`/api/v1/reports/${report.id}`)).body.allowed_actions).toEqual([])
    for (const r of [
      await desk.post('/api/v1/reports', body(a)),
      await desk.put(`/api/v1/reports/${report.id}`, { period: 'daily' }),
      await desk.del(`/api/v1/reports/${report.id}`),
    ])
      expect([r.status, r.body.error.key]).toEqual([403, 'unauthorized'])
    expect((await a.api.get(`/api/v1/reports/${report.id}`)).body.period).toBe('weekly')
  })

  it('edits a report, checks the type against the content as saved, and deletes it; each change on its timeline', async () => {
    const report = (await a.api.post('/api/v1/reports', body(a))).body
    const edited = await a.api.put(`/api/v1/reports/${report.id}`, { title: 'Renamed report', options: { include_soft_states: true } })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ title: 'Renamed report', name: report.name, options: { include_soft_states: true } })
    const misfit = await a.api.put(`/api/v1/reports/${report.id}`, { type: 'by_resource' })
    expect([misfit.status, misfit.body.error.key]).toEqual([400, 'invalid_report_type'])
    expect((await a.api.get(`/api/v1/reports/${report.id}`)).body.type).toBe('by_host')
    // A host of the report deleted since does not block an edit; a host of another environment is still refused.
    const host = (await a.api.post('/api/v1/hosts/', { name: uniq('gone'), hostgroup_id: a.environmentId, check_type: '1' })).body
    expect((await a.api.put(`/api/v1/reports/${report.id}`, { hosts: [host.id] })).status).toBe(200)
    expect((await a.api.del(`/api/v1/hosts/${host.id}`)).status).toBe(204)
    expect((await a.api.put(`/api/v1/reports/${report.id}`, { hosts: [host.id], period: 'daily' })).body.period).toBe('daily')
    const theirs = (await b.api.post('/api/v1/hosts/', { name: uniq('theirs'), hostgroup_id: b.environmentId, check_type: '1' })).body
    expect((await a.api.put(`/api/v1/reports/${report.id}`, { hosts: [host.id, theirs.id] })).body.error.key).toBe('host_not_found')
    expect((await a.api.del(`/api/v1/reports/${report.id}`)).status).toBe(204)
    expect((await a.api.get(`/api/v1/reports/${report.id}`)).status).toBe(404)
    // SPEC §3 event type "report": the report timeline (SPEC §2 …/configuration/timeline) lists them, newest first.
    const events = await a.api.get(`/api/v1/events?report_id=${report.id}&types=report`)
    expect(events.body.result.map((e: { status: string; subject_name: string }) => [e.status, e.subject_name])).toEqual([
      ['deleted', 'Renamed report'],
      ['edited', 'Renamed report'],
      ['edited', 'Renamed report'],
      ['edited', 'Renamed report'],
      ['added', report.title],
    ])
    expect((await b.api.get(`/api/v1/events?report_id=${report.id}`)).body.totalresults).toBe(0)
    const audit = await a.api.get(`/api/v1/events?types=audit_log&organization_id=${a.organizationId}`)
    expect(audit.body.result.filter((e: { event_class: string }) => e.event_class === 'report_audit').length).toBeGreaterThanOrEqual(3)
  })

  it('refuses a report past the organization’s reports_per_environment: limit_exceeded (SPEC §8)', async () => {
    const t = await addTenant()
    expect((await admin.put(`/api/v1/organizations/${t.organizationId}/quotas`, { reports_per_environment: 1 })).status).toBe(200)
    expect((await t.api.post('/api/v1/reports', body(t))).status).toBe(201)
    const over = await t.api.post('/api/v1/reports', body(t))
    expect([over.status, over.body.error.key, over.body.error.extra_info.limit, over.body.error.extra_info.maximum]).toEqual([
      409,
      'limit_exceeded',
      'reports_per_environment',
      1,
    ])
    expect((await t.api.get('/api/v1/reports')).body.totalresults).toBe(1)
  })

  it('adds up the state changes a host went through into its uptime, state and stability figures (SPEC §1, §3)', async () => {
    const t = await addTenant()
    const name = uniq('figures-host')
    const host = (await t.api.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, check_type: '1', max_check_attempts: 1 })).body
    const other = (await t.api.post('/api/v1/hosts/', { name: uniq('other-host'), hostgroup_id: t.environmentId, check_type: '1' })).body
    const report = (await t.api.post('/api/v1/reports', body(t, { period: 'monthly', hosts: [host.id] }))).body
    expect((await t.api.post('/api/v1/results', { host: name, exit_status: 2, output: 'down' })).status).toBe(200)
    // A second later at least, so that the outage lasts a whole second.
    const down = await waitFor(async () => (await t.api.get(`/api/v1/events?host_id=${host.id}&types=state_change`)).body.result[0])
    await waitFor(async () => Math.floor(Date.now() / 1000) > down.display_time)
    expect((await t.api.post('/api/v1/results', { host: name, exit_status: 0, output: 'up' })).status).toBe(200)
    const events = (await t.api.get(`/api/v1/events?host_id=${host.id}&types=state_change`)).body.result
    expect(events.map((e: { status: string }) => e.status)).toEqual(['up', 'down'])
    const [t1, t2] = [events[1].display_time, events[0].display_time]
    // The figures run to now: a second past the recovery, so that it lies inside the period.
    await waitFor(async () => Math.floor(Date.now() / 1000) > t2)

    const figures = await t.api.get(`/api/v1/reports/${report.id}/figures?range=this`)
    expect(figures.status).toBe(200)
    const { from, to, subjects } = figures.body
    expect(subjects.map((s: { id: number }) => s.id)).toEqual([host.id]) // the report's hosts only, not `other`
    const [f] = subjects
    // Before the first result the host was never checked: undetermined; then down from t1 to t2, then up until now.
    expect(f.current).toEqual({
      total: to - from,
      seconds: { undetermined: t1 - from, down: t2 - t1, up: to - t2 },
      changes: 2,
      problems: 1,
    })
    // Last month the host did not exist: no uptime then, so the trend is this month's share of up time (SPEC §9
    // difference mode, 3 places: a few seconds of a month round to no difference); two changes after none.
    expect(f.previous.seconds).toEqual({ undetermined: f.previous.total })
    expect(f.uptime_trend.value).toBe(Math.round(((to - t2) / (to - from)) * 100_000) / 1000)
    expect(f.stability_trend).toEqual({ value: null, level: 'high', direction: 'up' })
    // Every host of the environment when none is picked; another tenant reads no figures.
    const all = (await t.api.post('/api/v1/reports', body(t))).body
    const everyHost = (await t.api.get(`/api/v1/reports/${all.id}/figures`)).body.subjects.map((s: { id: number }) => s.id)
    expect(everyHost).toEqual(expect.arrayContaining([host.id, other.id]))
    expect((await b.api.get(`/api/v1/reports/${report.id}/figures`)).body.error.key).toBe('report_not_found')
  })

  it('computes figures and graphs over the report-content presets: whole calendar periods against the one before (SPEC §9)', async () => {
    const t = await addTenant()
    const name = uniq('preset-host')
    const host = (await t.api.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, check_type: '1', max_check_attempts: 1 })).body
    // A weekly report: the presets do not follow its period.
    const report = (await t.api.post('/api/v1/reports', body(t, { hosts: [host.id] }))).body
    const DAY = 86_400
    // UTC calendar periods around `now` (shared/report-figures/period.ts): [start of the last whole one, its end, the one before].
    const spans = (now: number) => {
      const d = new Date(now * 1000)
      const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()]
      const at = (yy: number, mm: number, dd: number) => Date.UTC(yy, mm, dd) / 1000
      const monday = day - ((d.getUTCDay() + 6) % 7)
      const quarter = m - (m % 3)
      const whole = (from: number, to: number, previous_from: number) => ({ from, to, previous_from, previous_to: from })
      return {
        yesterday: whole(at(y, m, day - 1), at(y, m, day), at(y, m, day - 2)),
        last_week: whole(at(y, m, monday - 7), at(y, m, monday), at(y, m, monday - 14)),
        last_month: whole(at(y, m - 1, 1), at(y, m, 1), at(y, m - 2, 1)),
        last_quarter: whole(at(y, quarter - 3, 1), at(y, quarter, 1), at(y, quarter - 6, 1)),
        last_year: whole(at(y - 1, 0, 1), at(y, 0, 1), at(y - 2, 0, 1)),
      }
    }
    const lengths = { yesterday: [DAY, DAY], last_week: [7 * DAY, 7 * DAY] } as Record<string, [number, number]>
    for (const range of ['yesterday', 'last_week', 'last_month', 'last_quarter', 'last_year'] as const) {
      // Read between two clocks, so that a midnight in between cannot fail the test.
      const before = spans(Math.floor(Date.now() / 1000))[range]
      const figures = await t.api.get(`/api/v1/reports/${report.id}/figures?range=${range}`)
      const graphs = await t.api.get(`/api/v1/reports/${report.id}/graphs?range=${range}`)
      const after = spans(Math.floor(Date.now() / 1000))[range]
      expect([figures.status, graphs.status], range).toEqual([200, 200])
      const { from, to, previous_from, previous_to } = figures.body
      expect([before, after], range).toContainEqual({ from, to, previous_from, previous_to })
      expect([graphs.body.range, graphs.body.from, graphs.body.to]).toEqual([range, from, to])
      expect(figures.body.range).toBe(range)
      if (lengths[range]) expect([to - from, previous_to - previous_from]).toEqual(lengths[range])
      // The host came after both periods: all of them undetermined, nothing to compare.
      const [f] = figures.body.subjects
      expect(f.id).toBe(host.id)
      expect(f.current).toEqual({ total: to - from, seconds: { undetermined: to - from }, changes: 0, problems: 0 })
      expect(f.previous.total).toBe(previous_to - previous_from)
    }
    // Anything else is refused as bad input, never a server error (SPEC §8).
    for (const bad of ['tomorrow', '', 'LAST_WEEK', 'last_week&range=yesterday', 'this%00'])
      for (const what of ['figures', 'graphs']) {
        const r = await t.api.get(`/api/v1/reports/${report.id}/${what}?range=${bad}`)
        expect([r.status, r.body.error?.key], `${what} ${bad}`).toEqual([400, 'validation_failed'])
      }
  })
})
