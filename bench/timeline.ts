/**
 * Timeline latency over a large event table (issue 5): 10,000,000 events over a year in 50 environments,
 * read through the real HTTP API by a client in its own process, on SQLite and (issue 20) on PostgreSQL when PG_URL is set, the same events in
 * both. Goal: p95 of every shape under 50 ms on both databases (printed as `timeline goal db=…`).
 *
 *   npm run bench -- timeline [--events=N] [--n=100] [--rebuild]
 *
 * The SQLite database is built once with the raw better-sqlite3 handle (the real server runs the migrations
 * first; the event indexes are dropped during the load and recreated from their own SQL) and cached
 * under bench/.data/ keyed by the migration list, DATA_VERSION and the event count. The PostgreSQL database is
 * loaded in one transaction (lib/pg-bulk.ts) and kept under the same key (lib/kept-postgres.ts); --rebuild makes
 * both again, --events sizes both.
 *
 * Figures (p50 of sequential requests after a warm-up of every shape, then of each, one client, keep-alive;
 * worst_p95_ms the worst shape's p95):
 * page_ms      the global timeline's past panel, page 1, as the UI asks for it (admin, all environments,
 *              one year back to one year ahead, no_future_events, 1000 events per page)
 * min_id_ms    its auto-refresh: the same query with min_id just below the newest event
 * page50_ms, deep_page_ms, upcoming_ms, host_ms, tenant_ms, hard_only_ms: other shapes, for comparison.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHash, randomBytes } from 'node:crypto'
import type SQLite from 'better-sqlite3'
import { startServer, type TestServer } from '../tests/helpers/server'
import { migrations } from '../src/server/store/migrations/index'
import { hashPassword } from '../src/server/security/password'
import { createUser } from '../src/server/store/users'
import type { Store } from '../src/server/store/db'
import { figuresLine, percentile } from './lib/stats'
import { rng } from './lib/big-db'
import { pgLoad } from './lib/pg-bulk'
import { keptPostgres } from './lib/kept-postgres'
import { hear, runChild, tell } from './lib/child'
import { timedGet } from './lib/http-get'

const DATA_VERSION = 2
const GOAL_MS = 50
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const EVENTS = Number(arg('events') ?? 10_000_000)
const N = Number(arg('n') ?? 100)
/**
 * Rounds of every shape before any is measured. A server just started (and the client) answered the first shape's
 * first 40–70 requests about 30 % slower than the rest (SQLite page p50 24 → 17 ms, PostgreSQL 30 → 22, in one step:
 * code optimised, heaps grown), which a server in use has long put behind it; the first shape measured carried it
 * alone. With 10 rounds, page p95 26–29 ms against 35–39 without (SQLite, alternated).
 */
const WARM_ROUNDS = 10
const ENVIRONMENTS = 50
const HOSTS = 20_000
const DATA_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '.data')
const YEAR = 365 * 86400
const self = fileURLToPath(import.meta.url)

interface Tenant {
  username: string
  password: string
}
interface Built {
  file: string
  adminPassword: string
  tenant: Tenant
  hostId: number
}

const EVENT_COLUMNS = [
  'type',
  'event_class',
  'hostgroup_id',
  'host_id',
  'resource_id',
  'subject_name',
  'host_name',
  'start_time',
  'end_time',
  'display_time',
  'status',
  'state_type',
  'is_flapping',
  'data',
  'message',
  'comment',
  'username',
  'user_full_name',
  'ticket_id',
]

/**
 * Organizations, environments and a customer's operator who sees one mid-sized environment, through the store
 * (either database). Returns the environment ids.
 */
async function customers(store: Store, now: number, tenant: Tenant): Promise<number[]> {
  const { db } = store
  const { id: localOrg } = await db.selectFrom('organizations').select('id').where('name', '=', 'Local').executeTakeFirstOrThrow()
  const orgs: number[] = []
  for (let o = 0; o < 8; o++)
    orgs.push(
      (
        await db
          .insertInto('organizations')
          .values({ name: `customer${o}`, alias: `Customer ${o}`, msp_parent_id: localOrg, created_time: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  const envIds: number[] = []
  for (let e = 0; e < ENVIRONMENTS; e++)
    envIds.push(
      (
        await db
          .insertInto('hostgroups')
          .values({ name: `env-${e}`, alias: `Environment ${e}`, organization_id: orgs[e % orgs.length], created_time: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  await createUser(db, {
    username: tenant.username,
    passwordHash: await hashPassword(tenant.password),
    organizationId: orgs[5 % orgs.length],
    group: 'operator',
    environmentId: envIds[5],
  })
  return envIds
}

/** The events, in EVENT_COLUMNS order. */
function* events(envIds: number[], now: number): Generator<unknown[]> {
  const rand = rng(7)
  // Hosts belong to environments of Zipf-like size; each host has ~10 resources (ids host*10+k).
  const envOfHost = Array.from({ length: HOSTS }, () => envIds[Math.floor(ENVIRONMENTS * rand() ** 2)])
  const RES_STATES = ['ok', 'warning', 'critical', 'unknown']
  const HOST_STATES = ['up', 'down', 'unreachable']
  for (let i = 0; i < EVENTS; i++) {
    // Ids follow time, as written: event i happens at a steady rate over the last year.
    const t = now - YEAR + Math.floor((i / EVENTS) * YEAR)
    const h = Math.floor(rand() * HOSTS)
    const env = envOfHost[h]
    const host = `host-${h}`
    const onResource = rand() < 0.8
    const x = rand()
    if (x < 0.86) {
      const state = onResource ? RES_STATES[Math.floor(rand() * 4)] : HOST_STATES[Math.floor(rand() * 3)]
      const soft = rand() < 0.3 ? 'SOFT' : 'HARD'
      yield [
        'state_change',
        onResource ? 'resource_check_event' : 'host_event',
        env,
        h + 1,
        onResource ? h * 10 + 1 : null,
        onResource ? 'Disk /' : host,
        host,
        t,
        null,
        t,
        state,
        soft,
        rand() < 0.02 ? 1 : 0,
        JSON.stringify({ state, attempt: 1 }),
        `${state.toUpperCase()} - sample output ${i}`,
        '',
        '',
        '',
        '',
      ]
    } else {
      const type = x < 0.9 ? 'acknowledgement' : x < 0.93 ? 'downtime' : x < 0.96 ? 'ticket' : x < 0.99 ? 'notification' : 'system'
      // A few maintenance windows lie ahead (upcoming); the rest are past.
      const future = type === 'downtime' && rand() < 0.02
      const at = future ? now + Math.floor(rand() * 30 * 86400) : t
      yield [
        type,
        onResource ? 'resource_check_event' : 'host_event',
        env,
        h + 1,
        onResource ? h * 10 + 1 : null,
        onResource ? 'Disk /' : host,
        host,
        at,
        type === 'downtime' ? at + 7200 : null,
        at,
        type === 'downtime' ? (future ? 'SCHEDULED' : 'STOPPED') : '',
        '',
        0,
        '{}',
        '',
        'operator comment',
        'operator',
        'Olga Operator',
        type === 'ticket' ? `SD-${i}` : '',
      ]
    }
  }
}

function fillSqlite(sqlite: SQLite.Database, envIds: number[], now: number) {
  sqlite.pragma('synchronous = OFF')
  sqlite.pragma('cache_size = -400000')
  const indexes = sqlite
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL`)
    .all() as { name: string; sql: string }[]
  for (const ix of indexes) sqlite.exec(`DROP INDEX "${ix.name}"`)
  const ins = sqlite.prepare(`INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map(() => '?').join(', ')})`)
  const rows = events(envIds, now)
  for (let more = true; more;)
    sqlite.transaction(() => {
      for (let n = 0; n < 100_000; n++) {
        const r = rows.next()
        if (r.done) return (more = false)
        ins.run(r.value)
      }
    })()
  for (const ix of indexes) sqlite.exec(ix.sql)
}

const newPassword = () => `bench-${randomBytes(6).toString('hex')}`
const newTenant = (): Tenant => ({ username: 'tenant-operator', password: newPassword() })
const HOST_ID = Math.floor(HOSTS / 3) + 1

/** What the built databases hold: a new migration, DATA_VERSION or event count builds them again. */
const KEY = createHash('sha256')
  .update(JSON.stringify({ DATA_VERSION, EVENTS, migrations: Object.keys(migrations) }))
  .digest('hex')
  .slice(0, 12)

async function build(rebuild: boolean): Promise<Built> {
  const file = path.join(DATA_DIR, `timeline-${KEY}.db`)
  const meta = path.join(DATA_DIR, `timeline-${KEY}.json`)
  if (!rebuild && fs.existsSync(file) && fs.existsSync(meta)) return { file, ...JSON.parse(fs.readFileSync(meta, 'utf8')) }
  fs.mkdirSync(DATA_DIR, { recursive: true })
  for (const f of fs.readdirSync(DATA_DIR))
    if (f.startsWith('timeline-') && !f.startsWith(`timeline-${KEY}`)) fs.rmSync(path.join(DATA_DIR, f), { force: true })
  const started = Date.now()
  const tmp = path.join(DATA_DIR, `timeline-build-${process.pid}.db`)
  const adminPassword = newPassword()
  const tenant = newTenant()
  const now = Math.floor(Date.now() / 1000)
  const server = await startServer({ env: { DATABASE_URL: tmp, VIGIL_ADMIN_PASSWORD: adminPassword } })
  try {
    fillSqlite(server.vigil.store.sqlite!, await customers(server.vigil.store, now, tenant), now)
    server.vigil.store.sqlite!.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    await server.close()
  }
  for (const ext of ['-wal', '-shm']) fs.rmSync(tmp + ext, { force: true })
  fs.renameSync(tmp, file)
  fs.writeFileSync(meta, JSON.stringify({ adminPassword, tenant, hostId: HOST_ID }))
  console.log(`built ${EVENTS} events in ${((Date.now() - started) / 1000).toFixed(1)} s: ${file}`)
  return { file, adminPassword, tenant, hostId: HOST_ID }
}

/**
 * The same events in an empty PostgreSQL database (lib/pg-bulk.ts). A first server runs the migrations and writes the
 * customers; the rows are made and sent by a process of their own (--phase=load), so that no server's heap holds the
 * load's garbage (--trace-gc: grown to 128 MB by it, then reduced, then grown back under the first shape measured).
 */
async function loadPg(url: string, adminPassword: string, tenant: Tenant) {
  const started = Date.now()
  const now = Math.floor(Date.now() / 1000)
  const setup = await startServer({ env: { DATABASE_URL: url, VIGIL_ADMIN_PASSWORD: adminPassword } })
  let envIds: number[]
  try {
    envIds = await customers(setup.vigil.store, now, tenant)
  } finally {
    await setup.close()
  }
  const loader = runChild(self, ['--phase=load', `--events=${EVENTS}`])
  loader.send({ type: 'load', url, envIds, now })
  await loader.next('loaded', 3_600_000)
  await loader.stop()
  console.log(`PostgreSQL: loaded ${EVENTS} events in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

async function loadPhase() {
  const { url, envIds, now } = await hear<{ type: string; url: string; envIds: number[]; now: number }>('load')
  await pgLoad(url, { events: EVENT_COLUMNS }, async (load) => {
    for (const row of events(envIds, now)) await load.add('events', row)
  })
  await tell({ type: 'loaded' })
}

interface Shape {
  name: string
  auth: string
  query: string
}
interface Measured {
  name: string
  ms: number[]
  rows: number
  totalresults: number
}

/**
 * The client's side, in its own process (--phase=client): sequential requests, each timed from the request to the
 * decoded body as a browser gets it (lib/http-get.ts). In the server's process, the client's decoding and parsing
 * of 700 KB pages and their garbage ran on the server's thread between its requests.
 */
async function clientPhase() {
  const { baseUrl, shapes } = await hear<{ type: string; baseUrl: string; shapes: Shape[] }>('measure')
  const get = async (auth: string, query: string) => {
    const { status, ms, text } = await timedGet(`${baseUrl}/api/v1/events?${query}`, { authorization: `Bearer ${auth}` })
    if (status !== 200) throw new Error(`${query} → ${status} ${text.slice(0, 300)}`)
    return { ms, body: JSON.parse(text) as { result: { id: number }[]; totalresults: number } }
  }
  const measured: Measured[] = []
  for (let round = 0; round < WARM_ROUNDS; round++) for (const { auth, query } of shapes) await get(auth, query)
  for (const { name, auth, query } of shapes) {
    const first = await get(auth, query)
    for (let i = 0; i < 5; i++) await get(auth, query)
    const ms: number[] = []
    for (let i = 0; i < N; i++) ms.push((await get(auth, query)).ms)
    measured.push({ name, ms, rows: first.body.result.length, totalresults: first.body.totalresults })
  }
  await tell({ type: 'measured', measured })
}

async function measure(db: 'sqlite' | 'pg', server: TestServer, adminPassword: string, tenantUser: Tenant, hostId: number) {
  const token = async (username: string, password: string) => {
    const r = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
    if (!r.ok) throw new Error(`login ${username}: ${r.status} ${await r.text()}`)
    return ((await r.json()) as { token: string }).token
  }
  const admin = await token('admin', adminPassword)
  const tenant = await token(tenantUser.username, tenantUser.password)
  // What the timeline view asks for (SPEC §2 default range one year back to one year ahead).
  const now = Math.floor(Date.now() / 1000)
  const range = `start_time=${now - YEAR}&end_time=${now + YEAR}`
  const newest = Number(
    (
      await server.vigil.store.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  )
  const shapes: Record<string, [string, string]> = {
    page: [admin, `${range}&no_future_events=true&limit=1000`],
    min_id: [admin, `${range}&min_id=${newest - 5}&limit=1000`],
    page50: [admin, `${range}&no_future_events=true&limit=50`],
    deep_page: [admin, `${range}&no_future_events=true&limit=1000&offset=9000`],
    upcoming: [admin, `start_time=${now}&end_time=${now + YEAR}&limit=1000`],
    host: [admin, `${range}&no_future_events=true&host_id=${hostId}&limit=1000`],
    tenant: [tenant, `${range}&no_future_events=true&limit=1000`],
    hard_only: [admin, `${range}&no_future_events=true&only_hard=true&only_non_flapping=true&types=state_change&limit=1000`],
  }
  const client = runChild(self, ['--phase=client', `--n=${N}`])
  client.send({
    type: 'measure',
    baseUrl: server.baseUrl,
    shapes: Object.entries(shapes).map(([name, [auth, query]]) => ({ name, auth, query })),
  })
  const { measured } = await client.next<{ type: string; measured: Measured[] }>('measured')
  await client.stop()
  const figures: Record<string, string | number> = { events: EVENTS }
  let worstP95 = 0
  for (const { name, ms, rows, totalresults } of measured) {
    console.log(
      `  [${db}] ${name}: p50=${percentile(ms, 50).toFixed(1)} ms p95=${percentile(ms, 95).toFixed(1)} ms rows=${rows} totalresults=${totalresults}`,
    )
    figures[`${name}_ms`] = percentile(ms, 50).toFixed(1)
    worstP95 = Math.max(worstP95, percentile(ms, 95))
  }
  figures.worst_p95_ms = worstP95.toFixed(1)
  return { figures, worstP95 }
}

const lines: string[] = []
const goals: string[] = []
const run = async (db: 'sqlite' | 'pg', server: TestServer, adminPassword: string, tenant: Tenant, hostId: number) => {
  const load = os.loadavg()[0]
  const { figures, worstP95 } = await measure(db, server, adminPassword, tenant, hostId)
  lines.push(figuresLine('timeline', { db, ...figures }))
  goals.push(
    `timeline goal db=${db}: p95 ≤ ${GOAL_MS} ms for every shape: ${worstP95 <= GOAL_MS ? 'met' : 'missed'} (worst ${worstP95.toFixed(1)} ms; load average ${load.toFixed(1)} on ${os.cpus().length} cores)`,
  )
}

if (arg('phase') === 'client') {
  await clientPhase()
  process.exit(0)
}
if (arg('phase') === 'load') {
  await loadPhase()
  process.exit(0)
}
const rebuild = process.argv.includes('--rebuild')
const built = await build(rebuild)
const sqlite = await startServer({ env: { DATABASE_URL: built.file } })
try {
  await run('sqlite', sqlite, built.adminPassword, built.tenant, built.hostId)
} finally {
  await sqlite.close()
}
if (process.env.PG_URL) {
  // Measured as the SQLite phase is, on a database the server finds, not right after the load: the whole first run
  // after a 10M load measured slower than one a minute later on the same database (page p95 56 against 40 ms). A run
  // that has just loaded it (a new key, --rebuild) still measures right after its load.
  const { url, meta } = await keptPostgres('timeline', KEY, rebuild, async (url) => {
    const adminPassword = newPassword()
    const tenant = newTenant()
    await loadPg(url, adminPassword, tenant)
    return { adminPassword, tenant }
  })
  const pg = await startServer({ env: { DATABASE_URL: url } })
  try {
    await run('pg', pg, meta.adminPassword, meta.tenant, HOST_ID)
  } finally {
    await pg.close()
  }
}
for (const line of [...goals, ...lines]) console.log(line)
