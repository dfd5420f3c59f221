/**
 * Risks (issue 8; SPEC §3 Risk, §4 RISK and risk group style, §7 Risk model and Tickets, §8): scan import
 * into an environment, list / get / group, a re-import that updates instead of duplicating, tenancy, the
 * risk and risk-group ticket paths with comment bodies, the timeline events, and the error keys.
 */
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, type Tenant } from '../helpers/api'

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/risk-scans/${name}`, import.meta.url), 'utf8')
const LOG4SHELL = '156860'
const CERT = '51192'
const PG_WEAK = '1.3.6.1.4.1.25623.1.0.103552'

type Who = Tenant & { token: string }

describe.each(DATABASES)('risks on %s', (db) => {
  const { server, addTenant } = useApiSuite(db)
  let a: Who
  let b: Who
  let reader: Who
  const hosts: Record<string, number> = {}
  let firstScan: any

  async function prepared(t: Tenant): Promise<Who> {
    return { ...t, token: await tokenOf(server, t) }
  }
  async function upload(t: Who, text: string, query: string) {
    const r = await fetch(`${server.baseUrl}/api/v1/risks/scans?${query}`, {
      method: 'POST',
      body: text,
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/xml' },
    })
    return { status: r.status, body: (await r.json()) as any }
  }
  const importInto = (t: Who, name: string, env = t.environmentId) => upload(t, fixture(name), `hostgroup_id=${env}&file_name=${name}`)
  /** SPEC §7: DELETE …/tickets carries a body with the comment. */
  async function close(t: Who, url: string, body?: unknown) {
    const r = await fetch(server.baseUrl + url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${t.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    return { status: r.status, body: (await r.json()) as any }
  }
  const count = async (table: 'risks' | 'risk_scans') =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const risksOf = async (t: Who, query = '') =>
    (await t.api.get(`/api/v1/risks?limit=100&extra_columns=first_scan_id,last_scan_id${query}`)).body
  const riskOf = async (plugin: string, hostId: number | null) =>
    (await risksOf(a)).result.find((r: any) => r.plugin_id === plugin && r.host_id === hostId)

  beforeAll(async () => {
    a = await prepared(await addTenant())
    b = await prepared(await addTenant())
    reader = await prepared(await addTenant('service_desk'))
    hosts['web-01'] = (
      await a.api.post('/api/v1/hosts/', { name: 'web-01', hostgroup_id: a.environmentId, check_type: '1', ip_address: '10.0.0.11' })
    ).body.id
    hosts['db-01'] = (await a.api.post('/api/v1/hosts/', { name: 'db-01', hostgroup_id: a.environmentId, check_type: '1' })).body.id
    firstScan = await importInto(a, 'site.nessus')
  })

  it('imports a Nessus scan, matching report hosts by address and keeping the unmatched ones by name', async () => {
    expect(firstScan.status).toBe(201)
    expect(firstScan.body).toMatchObject({
      hostgroup_id: a.environmentId,
      format: 'nessus',
      file_name: 'site.nessus',
      report_name: 'Weekly site scan',
      username: a.username,
      findings: 4,
      imported: 4,
      updated: 0,
      unmatched_hosts: ['ghost.example.net'],
    })
    expect((await a.api.get(`/api/v1/risks/scans/${firstScan.body.id}`)).body).toEqual(firstScan.body)
    const list = await risksOf(a)
    expect(list.totalresults).toBe(4)
    // Default order: highest severity first (SPEC §4 RISK).
    expect(list.result.map((r: any) => [r.plugin_id, r.host_name, r.host_id, r.severity, r.severity_id])).toEqual([
      [LOG4SHELL, 'web-01', hosts['web-01'], 'veryhigh', 4],
      [CERT, 'ghost.example.net', null, 'medium', 2],
      [CERT, 'web-01', hosts['web-01'], 'medium', 2],
      ['19506', 'web-01', hosts['web-01'], 'info', 0],
    ])
  })

  it('shows a risk with the SPEC §3 detail fields, its tickets and allowed actions', async () => {
    const { id } = await riskOf(LOG4SHELL, hosts['web-01'])
    const r = await a.api.get(`/api/v1/risks/${id}`)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      id,
      hostgroup_id: a.environmentId,
      plugin_id: LOG4SHELL,
      plugin_name: 'Apache Log4Shell RCE detection',
      severity: 'veryhigh',
      severity_id: 4,
      risk_factor: 'Critical',
      synopsis: 'The remote web server is affected by a remote code execution vulnerability.',
      description: expect.stringContaining('Apache Log4j'),
      solution: 'Upgrade Apache Log4j to version 2.17.1 or later.',
      solution_type: null,
      plugin_output: 'Sent: ${jndi:ldap://scanner/a} <and got a callback>',
      cvss: 9.8,
      cve: ['CVE-2021-44228', 'CVE-2021-45046'],
      cwe: ['CWE-502', 'CWE-917'],
      external_references: expect.arrayContaining(['https://logging.apache.org/log4j/2.x/security.html']),
      port: 443,
      protocol: 'tcp',
      affected_software: 'cpe:/a:apache:log4j',
      detection_method: 'remote',
      source: 'nessus',
      first_detected: expect.any(Number),
      last_scan: expect.any(Number),
      tickets: [],
      allowed_actions: ['create_ticket', 'view_ticket'],
    })
    expect((await a.api.get('/api/v1/risks/999999')).body.error.key).toBe('not_found')
  })

  it('filters the list by environment, host and severity name or number (SPEC §7 list protocol)', async () => {
    expect((await risksOf(a, '&severity=medium,veryhigh')).totalresults).toBe(3)
    expect((await risksOf(a, '&severity=4')).result.map((r: any) => r.plugin_id)).toEqual([LOG4SHELL])
    expect((await risksOf(a, `&host_id=${hosts['web-01']}`)).totalresults).toBe(3)
    expect(
      (
        await risksOf(
          a,
          `&hostgroup_id=${a.environmentId}&advanced_filter=${encodeURIComponent(JSON.stringify([['host_name', 'equals', 'ghost.example.net']]))}`,
        )
      ).totalresults,
    ).toBe(1)
    const page = await a.api.get('/api/v1/risks?limit=1&offset=1&columns=id,severity')
    expect(page.body).toMatchObject({ totalresults: 4, result: [{ severity: 'medium' }] })
    expect(Object.keys(page.body.result[0])).toEqual(['id', 'severity'])
    const bad = await a.api.get('/api/v1/risks?severity=urgent')
    expect([bad.status, bad.body.error.key]).toEqual([400, 'validation_failed'])
    expect((await a.api.get('/api/v1/risks?columns=password')).body.error.key).toBe('columns_not_allowed')
    expect(
      (await a.api.get('/api/v1/risks/grouped?group_by=plugin_id')).body.result.map((g: any) => [g.plugin_id, g.totalresults]),
    ).toContainEqual([CERT, 2])
  })

  it('groups a plugin of an environment with counts per severity and the SPEC §4 style', async () => {
    const g = await a.api.get(`/api/v1/risks/${a.environmentId}/${CERT}`)
    expect(g.status).toBe(200)
    expect(g.body).toMatchObject({
      hostgroup_id: a.environmentId,
      plugin_id: CERT,
      plugin_name: 'SSL Certificate Cannot Be Trusted',
      severity: 'medium',
      severity_id: 2,
      counts: { info: 0, low: 0, medium: 2, high: 0, veryhigh: 0 },
      totalresults: 2,
      allowed_actions: ['create_ticket', 'view_ticket'],
    })
    expect(g.body.result.map((r: any) => r.host_name).sort()).toEqual(['ghost.example.net', 'web-01'])
    expect((await a.api.get(`/api/v1/risks/${a.environmentId}/424242`)).body.error.key).toBe('not_found')
  })

  it("lists an environment's plugins worst first with counts per severity, and 404s another's (SPEC §2 /risks/{hostgroup_name}, §4)", async () => {
    const r = await a.api.get(`/api/v1/risks/plugins?hostgroup_id=${a.environmentId}`)
    expect(r.status).toBe(200)
    expect(r.body.totalresults).toBe(3)
    expect(r.body.result.map((p: any) => [p.plugin_id, p.severity, p.total])).toEqual([
      [LOG4SHELL, 'veryhigh', 1],
      [CERT, 'medium', 2],
      ['19506', 'info', 1],
    ])
    expect(r.body.result[1]).toMatchObject({ hostgroup_id: a.environmentId, severity_id: 2, counts: { medium: 2, info: 0 } })
    const page = await a.api.get(`/api/v1/risks/plugins?hostgroup_id=${a.environmentId}&limit=1&offset=1`)
    expect(page.body).toMatchObject({ totalresults: 3, result: [{ plugin_id: CERT }] })
    // SPEC §9 tenancy: another organization's environment answers as a missing one.
    const other = await b.api.get(`/api/v1/risks/plugins?hostgroup_id=${a.environmentId}`)
    expect([other.status, other.body.error.key]).toEqual([404, 'hostgroup_not_found'])
    expect((await a.api.get('/api/v1/risks/plugins')).body.error.key).toBe('missing_required_parameter')
  })

  it('updates the risks a later scan finds again instead of adding them (last_scan moves, first stays)', async () => {
    const before = await riskOf(CERT, hosts['web-01'])
    const again = await importInto(a, 'site.nessus')
    expect(again.body).toMatchObject({ findings: 4, imported: 0, updated: 4 })
    expect((await risksOf(a)).totalresults).toBe(4)
    const after = await riskOf(CERT, hosts['web-01'])
    expect(after).toMatchObject({
      id: before.id,
      first_scan_id: firstScan.body.id,
      last_scan_id: again.body.id,
      first_detected: before.first_detected,
    })
  })

  it('imports an OpenVAS report beside it, matching a host by the hostname the report gives', async () => {
    const r = await importInto(a, 'site-openvas.xml')
    expect(r.body).toMatchObject({ format: 'openvas', findings: 2, imported: 2, unmatched_hosts: [] })
    expect(await riskOf(PG_WEAK, hosts['db-01'])).toMatchObject({
      severity: 'high',
      solution_type: 'Mitigation',
      port: 5432,
      source: 'openvas',
      cve: ['CVE-1999-0502'],
    })
    const g = await a.api.get(`/api/v1/risks/${a.environmentId}/${PG_WEAK}`)
    expect(g.body).toMatchObject({ severity: 'high', counts: { high: 1 } })
  })

  it('writes a risk-class event per new risk, so the timeline shows the import (SPEC §7 Events, §9 classes)', async () => {
    const { id } = await riskOf(LOG4SHELL, hosts['web-01'])
    const events = (await a.api.get(`/api/v1/events?classes=risk&types=report&hostgroup_id=${a.environmentId}&limit=100`)).body
    expect(events.totalresults).toBe(6)
    const mine = (await a.api.get(`/api/v1/events?risk_id=${id}`)).body.result
    expect(mine).toEqual([
      expect.objectContaining({
        type: 'report',
        event_class: 'risk_event',
        status: 'DETECTED',
        risk_id: id,
        risk_plugin_id: LOG4SHELL,
        hostgroup_id: a.environmentId,
        host_id: hosts['web-01'],
        subject_name: 'Apache Log4Shell RCE detection',
        host_name: 'web-01',
        username: a.username,
      }),
    ])
    expect((await a.api.get(`/api/v1/events?risk_plugin_id=${CERT}&hostgroup_id=${a.environmentId}`)).body.totalresults).toBe(2)
    expect((await b.api.get('/api/v1/events?classes=risk')).body.totalresults).toBe(0)
  })

  it('keeps risks and scans to their organization', async () => {
    const { id } = await riskOf(LOG4SHELL, hosts['web-01'])
    expect((await risksOf(b)).totalresults).toBe(0)
    expect((await b.api.get(`/api/v1/risks/${id}`)).status).toBe(404)
    expect((await b.api.get(`/api/v1/risks/${a.environmentId}/${LOG4SHELL}`)).body.error.key).toBe('hostgroup_not_found')
    expect((await b.api.get(`/api/v1/risks/scans/${firstScan.body.id}`)).body.error.key).toBe('risk_scan_not_found')
    expect((await b.api.get(`/api/v1/risks/${id}/tickets`)).body.error.key).toBe('not_found')
    expect((await b.api.post(`/api/v1/risks/${a.environmentId}/${LOG4SHELL}/tickets`, { comment: 'not mine' })).body.error.key).toBe(
      'hostgroup_not_found',
    )
    const into = await importInto(b, 'site.nessus', a.environmentId)
    expect([into.status, into.body.error.key]).toEqual([404, 'hostgroup_not_found'])
  })

  it('refuses bad files, unknown environments and callers without host_write, writing nothing (SPEC §6, §8)', async () => {
    const [risks, scans] = [await count('risks'), await count('risk_scans')]
    const q = `hostgroup_id=${a.environmentId}`
    expect((await upload(a, '<NessusClientData_v2><Report>', q)).body.error.key).toBe('invalid_input')
    expect((await upload(a, '', q)).body.error.key).toBe('invalid_input')
    const unknown = await upload(a, '<mxfile><diagram/></mxfile>', q)
    expect([unknown.status, unknown.body.error.key]).toEqual([400, 'validation_failed'])
    expect((await upload(a, fixture('site.nessus'), 'hostgroup_id=999999')).body.error.key).toBe('hostgroup_not_found')
    expect((await upload(a, fixture('site.nessus'), '')).body.error.key).toBe('missing_required_parameter')
    const refused = await importInto(reader, 'site.nessus')
    expect([refused.status, refused.body.error]).toEqual([
      403,
      expect.objectContaining({ key: 'unauthorized', extra_info: { action: 'host_write' } }),
    ])
    expect([await count('risks'), await count('risk_scans')]).toEqual([risks, scans])
    expect((await a.api.get('/api/v1/risks/scans/999999')).body.error.key).toBe('risk_scan_not_found')
  })

  it('opens, lists, closes and re-opens a ticket on a risk, with comment bodies (SPEC §4, §7 Tickets)', async () => {
    const risk = await riskOf(LOG4SHELL, hosts['web-01'])
    const base = `/api/v1/risks/${risk.id}/tickets`
    expect((await a.api.post(base, { comment: ' ' })).body.error).toMatchObject({
      key: 'validation_failed',
      extra_info: { field: 'body.comment' },
    })
    expect((await a.api.post(base, { comment: 'x', risk_plugin_id: CERT })).body.error.extra_info.field).toBe('body.risk_plugin_id')
    expect((await a.api.post(base, { reacknowledged: true })).body.error.extra_info.field).toBe('body.reacknowledged')

    const created = await a.api.post(base, {
      comment: 'patch log4j',
      risk_id: risk.id,
      hostgroup_id: a.environmentId,
      risk_plugin_id: LOG4SHELL,
      host_id: hosts['web-01'],
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      ticket_id: expect.stringMatching(/^VIG-\d{6}$/),
      risk_id: risk.id,
      host_id: hosts['web-01'],
      resource_id: null,
      reopened: false,
      isClosed: false,
      details: 'patch log4j',
      priorityName: 'High',
      description:
        'web-01 / Apache Log4Shell RCE detection: VERYHIGH - The remote web server is affected by a remote code execution vulnerability.',
    })
    const first = created.body.ticket_id
    expect((await a.api.get(`/api/v1/risks/${risk.id}`)).body.tickets).toEqual([first])
    expect((await a.api.get(base)).body).toMatchObject({ totalresults: 1, result: [{ ticket_id: first }] })
    // SPEC §4 "note added": on the risk's ticket, comment required, not on a ticket of another object.
    expect((await a.api.post(`${base}/${first}`, { comment: ' ' })).body.error.extra_info.field).toBe('body.comment')
    const noted = await a.api.post(`${base}/${first}`, { comment: 'vendor patch scheduled' })
    expect([noted.status, noted.body.notes.at(-1)]).toMatchObject([200, { kind: 'note', comment: 'vendor patch scheduled' }])
    expect((await a.api.post(`${base}/VIG-999999`, { comment: 'x' })).body.error.key).toBe('ticket_not_found')
    const open = await a.api.post(base, { comment: 'twice' })
    expect([open.status, open.body.error.key, open.body.error.extra_info]).toEqual([
      400,
      'ticket_add_failed',
      { reason: 'ticket_open', ticket_id: first },
    ])

    expect((await close(a, base)).body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'body.comment' } })
    const closed = await close(a, base, { comment: 'patched everywhere' })
    expect([closed.status, closed.body]).toEqual([200, { ticket_id: first }])
    expect((await close(a, base, { comment: 'again' })).body.error).toMatchObject({
      key: 'ticket_delete_failed',
      extra_info: { reason: 'ticket_closed' },
    })

    const reopened = await a.api.post(base, { comment: 'it is back' })
    expect(reopened.body).toMatchObject({ reopened: true, ticket_links: [{ id: first }] })
    // The ticket page behind web_url finds a risk's ticket by id; another organization cannot.
    expect((await a.api.get(`/api/v1/tickets/${first}`)).body).toMatchObject({ ticket_id: first, risk_id: risk.id, isClosed: true })
    expect((await b.api.get(`/api/v1/tickets/${first}`)).body.error.key).toBe('ticket_not_found')

    const timeline = (await a.api.get(`/api/v1/events?types=ticket&risk_id=${risk.id}`)).body.result
    expect(timeline.map((e: any) => [e.status, e.ticket_id, e.event_class, e.risk_plugin_id])).toEqual([
      ['REOPENED', reopened.body.ticket_id, 'risk_event', LOG4SHELL],
      ['CLOSED', first, 'risk_event', LOG4SHELL],
      ['NOTE', first, 'risk_event', LOG4SHELL],
      ['CREATED', first, 'risk_event', LOG4SHELL],
    ])
    expect(timeline[1].comment).toBe('patched everywhere')
    await close(a, base, { comment: 'done' })
  })

  it('refuses a ticket on a risk whose host matched none (SPEC §8 "no host info found")', async () => {
    const ghost = await riskOf(CERT, null)
    const r = await a.api.post(`/api/v1/risks/${ghost.id}/tickets`, { comment: 'whose?' })
    expect([r.status, r.body.error.key, r.body.error.extra_info.reason]).toEqual([400, 'ticket_add_failed', 'no_host_info'])
    expect((await close(a, `/api/v1/risks/${ghost.id}/tickets`, { comment: 'none' })).body.error.key).toBe('ticket_not_found')
  })

  it('opens one ticket per risk of a group, answering ticket_ids with reopened or an error code, and closes them (SPEC §7)', async () => {
    const base = `/api/v1/risks/${a.environmentId}/${CERT}/tickets`
    const web = await riskOf(CERT, hosts['web-01'])
    const ghost = await riskOf(CERT, null)
    expect((await a.api.post(base, { comment: 'x', hostgroup_id: b.environmentId })).body.error.extra_info.field).toBe('body.hostgroup_id')
    const opened = await a.api.post(base, { comment: 'replace the certificates', hostgroup_id: a.environmentId, risk_plugin_id: CERT })
    expect(opened.status).toBe(201)
    expect(opened.body.ticket_ids).toEqual(
      expect.arrayContaining([
        { risk_id: web.id, id: expect.stringMatching(/^VIG-/), reopened: false },
        { risk_id: ghost.id, error: 'ticket_add_failed', extra_info: { reason: 'no_host_info', host_name: 'ghost.example.net' } },
      ]),
    )
    const ticketId = opened.body.ticket_ids.find((e: any) => e.id).id
    expect((await a.api.get(base)).body).toMatchObject({ totalresults: 1, result: [{ ticket_id: ticketId, risk_id: web.id }] })
    // Again: the risk with an open ticket answers its refusal, nothing new is opened.
    const again = await a.api.post(base, { comment: 'again' })
    expect(again.body.ticket_ids.find((e: any) => e.risk_id === web.id)).toEqual({
      risk_id: web.id,
      error: 'ticket_add_failed',
      extra_info: { reason: 'ticket_open', ticket_id: ticketId },
    })

    expect((await close(a, base, {})).status).toBe(400)
    const closed = await close(a, base, { comment: 'certificates replaced' })
    expect([closed.status, closed.body]).toEqual([200, { ticket_ids: [ticketId] }])
    expect((await close(a, base, { comment: 'nothing open' })).body.error.key).toBe('ticket_not_found')
    const events = (await a.api.get(`/api/v1/events?types=ticket&risk_plugin_id=${CERT}&hostgroup_id=${a.environmentId}`)).body.result
    expect(events.map((e: any) => [e.status, e.risk_id])).toEqual([
      ['CLOSED', web.id],
      ['CREATED', web.id],
    ])
    expect((await a.api.get(`/api/v1/risks/${a.environmentId}/424242/tickets`)).body.error.key).toBe('not_found')
  })

  it("keeps a deleted host's risks, without the host (their findings stay on record)", async () => {
    const risk = await riskOf(PG_WEAK, hosts['db-01'])
    expect((await a.api.del(`/api/v1/hosts/${hosts['db-01']}`)).status).toBe(204)
    expect((await a.api.get(`/api/v1/risks/${risk.id}`)).body).toMatchObject({ host_id: null, host_name: 'db-01', severity: 'high' })
  })
})
