/**
 * API latency of list pages and grouped counts on a large database (issue 2 "Figures"): 100,000 hosts and
 * 1,000,000 resources in 50 environments, through the real HTTP API as the admin, on SQLite and (issue 20)
 * on PostgreSQL when PG_URL is set, the same data in both. Goal: p95 under 50 ms for the list families
 * (hosts, resources, grouped) on both databases; text search is a scan whatever the indexes and stays apart.
 *
 *   npm run bench -- api-lists [--n=200] [--rebuild] [--small] [--db=sqlite|pg]
 *
 * --small uses a tenth of the data (for working on the benchmark itself); --db runs one database only. Each family of requests runs
 * sequentially (one client, keep-alive), after a warm-up, so the figures are per-request latency. A family
 * stops early after 90 s (at least 40 requests) so that a pathologically slow build still finishes.
 * The SQLite file is cached (lib/big-db.ts); PostgreSQL gets a fresh database, loaded in one transaction
 * (lib/pg-bulk.ts), for every run.
 */
import os from 'node:os'
import { startServer, type TestServer } from '../tests/helpers/server'
import { bigDb, fillPg } from './lib/big-db'
import { figuresLine, percentile } from './lib/stats'

const flag = (name: string) => process.argv.includes(`--${name}`)
const N = Number(process.argv.find((a) => a.startsWith('--n='))?.slice(4) ?? 200)
const WARMUP = 20
const MIN_REQUESTS = 40
const BUDGET_MS = 90_000
const GOAL_MS = 50
const scale = flag('small') ? 10 : 1
const only = process.argv.find((a) => a.startsWith('--db='))?.slice(5)
const spec = { organizations: 8, environments: 50, hosts: 100_000 / scale, resources: 1_000_000 / scale }

async function measure(db: 'sqlite' | 'pg', server: TestServer, adminPassword: string, envs: number[]): Promise<Record<string, string>> {
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  })
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }

  // A request path with its query; objects and arrays travel as JSON (filter, advanced_filter).
  const url = (base: string) => (params: Record<string, unknown>) =>
    `${base}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)]))}`
  const hosts = url('/api/v1/hosts/')
  const resources = url('/api/v1/resources/')
  // Environment subsets a user typically picks: one big, a few mid-sized, one small.
  const subsets = [[envs[0]], [envs[1], envs[5], envs[9]], envs.slice(10, 20), [envs[40]]].map((s) => s.join(','))
  const pages = (n: number) => Array.from({ length: n }, (_, i) => i * 50)

  /** Families of requests; each shape rotates over its variants. Names show in the per-shape lines. */
  const families: Record<string, Record<string, string[]>> = {
    hosts: {
      problems_by_change: pages(10).map((offset) =>
        hosts({ limit: 50, offset, order: '-last_state_change', advanced_filter: [['state', 'not_equals', 0]] }),
      ),
      name_contains: ['web', 'db-ams', '-lon-', 'prn', '1a'].map((s) =>
        hosts({ limit: 50, order: 'name', advanced_filter: [['name', 'contains', s]] }),
      ),
      env_subset: subsets.map((ids, i) => hosts({ limit: 50, offset: i * 50, environment_ids: ids, order: '-last_state_change' })),
      by_name_pages: pages(10).map((offset) => hosts({ limit: 50, offset: offset * 10, order: 'name' })),
      hosttype_state: ['linux', 'switch', 'printer'].map((t) =>
        hosts({ limit: 50, order: 'name', filter: { hosttype: t }, advanced_filter: [['state', 'in', [1, 2]]] }),
      ),
    },
    resources: {
      problems_by_change: pages(10).map((offset) =>
        resources({ limit: 50, offset, order: '-last_state_change', advanced_filter: [['state', 'not_equals', 0]] }),
      ),
      problems_by_host: pages(5).map((offset) =>
        resources({ limit: 50, offset, order: 'host_name', advanced_filter: [['state', 'in', [1, 2]]] }),
      ),
      by_display_name: pages(3).map((offset) =>
        resources({ limit: 50, offset, order: 'display_name', advanced_filter: [['state', 'in', [1, 2, 3]]] }),
      ),
      env_subset: subsets.map((ids) => resources({ limit: 50, environment_ids: ids })),
      default_pages: pages(5).map((offset) => resources({ limit: 50, offset })),
    },
    grouped: {
      hosts_by_hosttype: [url('/api/v1/hosts/grouped')({ group_by: 'hosttype', limit: 0 })],
      resources_by_state: [url('/api/v1/resources/grouped')({ group_by: 'state', limit: 0 })],
    },
    // Text search over a million rows is a scan whatever the indexes; kept apart from the list figures.
    search: {
      resources_display_contains: ['Disk', 'Interface', 'CPU'].map((s) =>
        resources({ limit: 50, order: 'display_name', advanced_filter: [['display_name', 'contains', s]] }),
      ),
      hosts_any_contains: ['ams-1', 'web'].map((s) =>
        hosts({
          limit: 50,
          order: 'name',
          advanced_filter: [
            {
              or: [
                ['name', 'contains', s],
                ['alias', 'contains', s],
                ['ip_address', 'contains', s],
              ],
            },
          ],
        }),
      ),
    },
  }

  const get = async (target: string) => {
    const t0 = performance.now()
    const res = await fetch(target, { headers: { authorization: `Bearer ${token}` } })
    const body = await res.text()
    const ms = performance.now() - t0
    if (!res.ok) throw new Error(`${target} → ${res.status} ${body.slice(0, 300)}`)
    return { ms, body }
  }

  const figures: Record<string, string> = {}
  const p50s: Record<string, string> = {}
  for (const [family, shapes] of Object.entries(families)) {
    const urls = Object.entries(shapes).flatMap(([shape, paths]) => paths.map((p) => ({ shape, url: server.baseUrl + p })))
    // Warm-up: every variant once (showing how much it matches), then a few more rounds.
    const shown = new Set<string>()
    for (const { shape, url } of urls) {
      const { body } = await get(url)
      if (shown.has(shape)) continue
      shown.add(shape)
      console.log(`  [${db}] ${family}.${shape}: totalresults=${(JSON.parse(body) as { totalresults?: number }).totalresults}`)
    }
    for (let i = 0; i < WARMUP; i++) await get(urls[i % urls.length].url)
    // N requests, unless the family is pathologically slow: then stop after the time budget (never
    // below MIN_REQUESTS), so that a slow baseline still finishes in minutes. The count is printed.
    const all: number[] = []
    const byShape = new Map<string, number[]>()
    const started = performance.now()
    for (let i = 0; i < Math.max(N, urls.length); i++) {
      if (i >= MIN_REQUESTS && performance.now() - started > BUDGET_MS) break
      const { shape, url } = urls[i % urls.length]
      const { ms } = await get(url)
      all.push(ms)
      byShape.set(shape, [...(byShape.get(shape) ?? []), ms])
    }
    for (const [shape, ms] of byShape)
      console.log(
        `  [${db}] ${family}.${shape}: p50=${percentile(ms, 50).toFixed(1)} ms p95=${percentile(ms, 95).toFixed(1)} ms (${ms.length} requests)`,
      )
    console.log(`  [${db}] ${family}: ${all.length} requests`)
    figures[`${family}_p95_ms`] = percentile(all, 95).toFixed(1)
    p50s[`${family}_p50_ms`] = percentile(all, 50).toFixed(1)
  }
  return { ...figures, ...p50s }
}

const lines: string[] = []
const goals: string[] = []
const run = async (db: 'sqlite' | 'pg', server: TestServer, adminPassword: string, envs: number[]) => {
  const load = os.loadavg()[0]
  const figures = await measure(db, server, adminPassword, envs)
  lines.push(figuresLine('api-lists', { db, ...figures }))
  const worst = Math.max(...['hosts', 'resources', 'grouped'].map((f) => Number(figures[`${f}_p95_ms`])))
  goals.push(
    `api-lists goal db=${db}: p95 ≤ ${GOAL_MS} ms for hosts, resources and grouped: ${worst <= GOAL_MS ? 'met' : 'missed'} (worst ${worst} ms; load average ${load.toFixed(1)} on ${os.cpus().length} cores)`,
  )
}

if (only !== 'pg') {
  const cached = await bigDb(spec, flag('rebuild'))
  console.log(
    cached.buildSeconds
      ? `built ${spec.hosts} hosts / ${spec.resources} resources in ${cached.buildSeconds.toFixed(1)} s: ${cached.file}`
      : `cached database: ${cached.file}`,
  )
  const sqlite = await startServer({ env: { DATABASE_URL: cached.file } })
  try {
    await run('sqlite', sqlite, cached.adminPassword, cached.environmentIds)
  } finally {
    await sqlite.close()
  }
}
if (process.env.PG_URL && only !== 'sqlite') {
  const pg = await startServer({ db: 'pg' })
  try {
    const started = Date.now()
    const envs = await fillPg(pg.config.database.kind === 'postgres' ? pg.config.database.url : '', spec)
    console.log(`PostgreSQL: loaded ${spec.hosts} hosts / ${spec.resources} resources in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    await run('pg', pg, pg.adminPassword, envs)
  } finally {
    await pg.close()
  }
}
for (const line of [...goals, ...lines]) console.log(line)
