/**
 * Issue 19 / SPEC §7 "Error report" and "Usage tracker": what browsers send is stored and listed for server
 * admins only, within limits a misbehaving client cannot get around (per user and hour, retention, table size).
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { CLIENT_REPORT_LIMITS, pruneClientReports } from '../../src/server/store/client-reports'

const report = (error: string) => ({ error, url: 'http://vigil.test/#/monitoring', browser: 'Chromium 140', release: '3.9.1' })

describe.each(DATABASES)('client reports on %s', (db) => {
  const {
    server,
    admin,
    addTenant,
    tenants: { a },
  } = useApiSuite(db, { tenants: { a: 'administrator' } })

  it('stores an error report and a usage log, which a server admin lists newest first with the sender', async () => {
    expect((await a.api.post('/api/v1/errors', report('TypeError: x is undefined'))).status).toBe(204)
    const entries = [{ type: 'location', value: '/monitoring/hosts', time: 1_700_000_000 }]
    expect((await a.api.post('/api/v1/tracker', entries)).status).toBe(204)
    const errors = await admin.get('/api/v1/client-reports?kind=error')
    expect(errors.status).toBe(200)
    expect(errors.body.result[0]).toMatchObject({
      kind: 'error',
      username: a.username,
      error: report('TypeError: x is undefined'),
      entries: null,
    })
    const usage = await admin.get('/api/v1/client-reports?kind=tracker')
    expect(usage.body.result[0]).toMatchObject({ kind: 'tracker', username: a.username, entries, error: null })
  })

  it('refuses the list to anyone but a server admin, an organization administrator included', async () => {
    const r = await a.api.get('/api/v1/client-reports?kind=error')
    expect(r.status).toBe(403)
    expect(r.body.error.key).toBe('unauthorized')
  })

  it('refuses a malformed report with validation_failed and stores nothing', async () => {
    const before = (await admin.get('/api/v1/client-reports?kind=error')).body.totalresults
    const r = await a.api.post('/api/v1/errors', { error: 'x'.repeat(20_001), url: '', browser: '', release: '' })
    expect(r.status).toBe(400)
    expect((await admin.get('/api/v1/client-reports?kind=error')).body.totalresults).toBe(before)
  })

  it("stops storing one user's errors past the hourly quota, while other users still report", async () => {
    const noisy = await addTenant('operator')
    const max = CLIENT_REPORT_LIMITS.perUserHour.error
    for (let i = 0; i < max; i++) expect((await noisy.api.post('/api/v1/errors', report(`loop ${i}`))).status).toBe(204)
    const over = await noisy.api.post('/api/v1/errors', report('one too many'))
    expect(over.status).toBe(409)
    expect(over.body.error).toMatchObject({ key: 'limit_exceeded', extra_info: { limit: 'client_reports_error_per_hour', max } })
    const listed = (await admin.get('/api/v1/client-reports?kind=error&limit=500')).body.result
    expect(listed.filter((r: { username: string }) => r.username === noisy.username)).toHaveLength(max)
    expect((await a.api.post('/api/v1/errors', report('still heard'))).status).toBe(204)
  })

  it("stops storing one user's bytes past the hourly byte quota", async () => {
    const big = await addTenant('operator')
    // Under the request body limit (1 MiB), so only the quota can refuse it.
    const entries = Array.from({ length: 400 }, (_, i) => ({ type: 'location', value: `/${'x'.repeat(1990)}`, time: i }))
    let refused = 0
    for (let i = 0; i < 4; i++) if ((await big.api.post('/api/v1/tracker', entries)).status === 409) refused++
    const stored = (await admin.get('/api/v1/client-reports?kind=tracker&limit=500')).body.result.filter(
      (r: { username: string }) => r.username === big.username,
    )
    expect(stored.length * JSON.stringify(entries).length).toBeLessThanOrEqual(CLIENT_REPORT_LIMITS.userBytesPerHour)
    expect(refused).toBeGreaterThan(0)
  })

  it('drops expired reports and the oldest ones past the table size', async () => {
    const store = server.vigil.store
    const now = Math.floor(Date.now() / 1000)
    await pruneClientReports(store, now + CLIENT_REPORT_LIMITS.retentionS + 10)
    expect((await admin.get('/api/v1/client-reports?kind=error')).body.totalresults).toBe(0)
    for (let i = 0; i < 3; i++) await a.api.post('/api/v1/errors', report(`size ${i}`))
    const one = Buffer.byteLength(JSON.stringify(report('size 0')))
    await pruneClientReports(store, now, one * 2)
    const kept = (await admin.get('/api/v1/client-reports?kind=error')).body.result.map((r: { error: { error: string } }) => r.error.error)
    expect(kept).toEqual(['size 2', 'size 1'])
  })
})
