/**
 * Issue 20 "Metrics out" against a real Prometheus (tests/fixtures/prometheus.ts): performance data Vigil writes by
 * remote write is queryable there with its organization, environment, host and resource, and Prometheus scraping
 * `GET /api/v1/metrics` with an organization's API token finds that organization's host and resource states and
 * none of another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, type Tenant } from '../helpers/api'
import { PROMETHEUS_INSTALLED, PROMETHEUS_MISSING, startPrometheus, type Prometheus } from '../fixtures/prometheus'

// CI installs Prometheus (.ci/run): there a missing one fails instead of skipping.
const RUN = PROMETHEUS_INSTALLED || !!process.env.CI
const title = RUN ? 'metrics out to a real Prometheus on %s' : `metrics out to a real Prometheus on %s (skipped: ${PROMETHEUS_MISSING})`

const prometheus = {} as Prometheus
beforeAll(async () => {
  if (RUN) Object.assign(prometheus, await startPrometheus())
}, 40_000)
afterAll(() => prometheus.close?.())

/** A passive host and resource of `tenant` with a first result each. */
async function hostWithResult(t: Tenant, perfdata: { host: string; resource: string }, hostStatus = 0) {
  const host = uniq('prom-host')
  const created = await t.api.post('/api/v1/hosts/', { name: host, hostgroup_id: t.environmentId, check_type: '1' })
  expect(created.status).toBe(201)
  const resource = (await t.api.post('/api/v1/resources/', { host_id: created.body.id, name: 'disk', check_type: '1' })).body
  const posted = await t.api.post('/api/v1/results', [
    { host, exit_status: hostStatus, output: 'PING', perfdata: perfdata.host },
    { resource_id: resource.id, exit_status: 1, output: 'DISK WARNING', perfdata: perfdata.resource },
  ])
  expect(posted.status).toBe(200)
  return { host, resource: resource.display_name as string }
}

describe.skipIf(!RUN).each(DATABASES)(title, (db) => {
  const {
    server,
    tenants: { a, b },
  } = useApiSuite(db, {
    tenants: { a: 'administrator', b: 'administrator' },
    env: () => ({ VIGIL_REMOTE_WRITE_URL: prometheus.writeUrl }),
  })
  let orgA: string
  let envA: string

  beforeAll(async () => {
    orgA = (await a.api.get(`/api/v1/organizations/${a.organizationId}`)).body.name
    envA = (await a.api.get(`/api/v1/hostgroups/${a.environmentId}`)).body.name
  })

  it('sends perfdata by remote write: queryable in Prometheus under sanitized names with its labels', async () => {
    const { host, resource } = await hostWithResult(a, { host: 'rta=0.5ms;100;200;0; pl=0%;20;60', resource: "'/ used'=42GB;40;45" })
    const rta = await prometheus.waitFor(`vigil_perfdata_rta_seconds{host="${host}"}`, (r) => r.length === 1)
    expect(rta[0].metric).toEqual({ __name__: 'vigil_perfdata_rta_seconds', organization: orgA, environment: envA, host })
    expect(Number(rta[0].value[1])).toBeCloseTo(0.0005)
    const pl = await prometheus.query(`vigil_perfdata_pl_percent{host="${host}"}`)
    expect(pl.map((r) => r.value[1])).toEqual(['0'])
    const used = await prometheus.waitFor(`vigil_perfdata_used_bytes{host="${host}"}`, (r) => r.length === 1)
    expect(used[0].metric).toEqual({ __name__: 'vigil_perfdata_used_bytes', organization: orgA, environment: envA, host, resource })
    expect(Number(used[0].value[1])).toBe(42 * 1024 ** 3)
    expect(server.vigil.remoteWriter!.stats()).toMatchObject({ dropped: 0, refused: 0 })
  }, 30_000)

  it("is scraped with an organization's API token: its host and resource states, none of another organization's", async () => {
    const mine = await hostWithResult(a, { host: '', resource: '' }, 2)
    const theirs = await hostWithResult(b, { host: '', resource: '' })
    const token = async (t: Tenant) => (await t.api.post('/api/v1/tokens', { name: 'prometheus', expire_days: 30 })).body.token as string
    const target = new URL(server.baseUrl).host
    const [jobA, jobB] = [`vigil-a-${db}`, `vigil-b-${db}`]
    await prometheus.scrape([
      { job: jobA, target, path: '/api/v1/metrics', token: await token(a) },
      { job: jobB, target, path: '/api/v1/metrics', token: await token(b) },
    ])

    const down = await prometheus.waitFor(`vigil_host_state{job="${jobA}",host="${mine.host}"}`, (r) => r.length === 1)
    expect(down[0].metric).toMatchObject({ organization: orgA, environment: envA, host: mine.host, state: 'down' })
    const warning = await prometheus.waitFor(`vigil_resource_state{job="${jobA}",host="${mine.host}"}`, (r) => r.length === 1)
    expect(warning[0].metric).toMatchObject({ host: mine.host, resource: mine.resource, state: 'warning' })

    // B's scrape works (its own host is there) and holds nothing of A's.
    await prometheus.waitFor(`vigil_host_state{job="${jobB}",host="${theirs.host}",state="up"}`, (r) => r.length === 1)
    expect(await prometheus.query(`{job="${jobB}",organization="${orgA}"}`)).toEqual([])
    expect(await prometheus.query(`{job="${jobB}",host="${mine.host}"}`)).toEqual([])
    expect(await prometheus.query(`{job="${jobA}",host="${theirs.host}"}`)).toEqual([])
  }, 40_000)
})
