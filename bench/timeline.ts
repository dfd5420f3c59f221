/**
 * Timeline latency over a large event table (issue 5): 10,000,000 events over a year in 50 environments,
 * read through the real HTTP API. Goal: a page of the global timeline under 50 ms on SQLite.
 *
 *   npm run bench -- timeline [--events=N] [--n=100] [--rebuild]
 *
 * The database is built once with the raw better-sqlite3 handle (the real server runs the migrations
 * first; the event indexes are dropped during the load and recreated from their own SQL) and cached
 * under bench/.data/ keyed by the migration list, DATA_VERSION and the event count.
 *
 * Figures (p50 of sequential requests after a warm-up, one client, keep-alive):
 * page_ms      the global timeline's past panel, page 1, as the UI asks for it (admin, all environments,
 *              one year back to one year ahead, no_future_events, 1000 events per page)
 * min_id_ms    its auto-refresh: the same query with min_id just below the newest event
 * page50_ms, deep_page_ms, upcoming_ms, host_ms, tenant_ms, hard_only_ms: other shapes, for comparison.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createHash, randomBytes } from 'node:crypto'
import type SQLite from 'better-sqlite3'
import { startServer } from '../tests/helpers/server'
import { migrations } from '../src/server/store/migrations/index'
import { hashPassword } from '../src/server/security/password'
import { figuresLine, percentile } from './lib/stats'
import { rng } from './lib/big-db'

const DATA_VERSION = 2
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const EVENTS = Number(arg('events') ?? 10_000_000)
const N = Number(arg('n') ?? 100)
const ENVIRONMENTS = 50
const HOSTS = 20_000
const DATA_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '.data')
const YEAR = 365 * 86400

interface Built {
  file: string
  adminPassword: string
  tenant: { username: string; password: string }
  hostId: number
}

function fill(db: SQLite.Database, now: number): Pick<Built, 'hostId'> & { environmentIds: number[] } {
  const rand = rng(7)
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -400000')
  const localOrg = (db.prepare(`SELECT id FROM organizations WHERE name = 'Local'`).get() as { id: number }).id
  const insOrg = db.prepare('INSERT INTO organizations (name, alias, msp_parent_id, created_time) VALUES (?, ?, ?, ?)')
  const insEnv = db.prepare('INSERT INTO hostgroups (name, alias, organization_id, created_time) VALUES (?, ?, ?, ?)')
  const envIds: number[] = []
  db.transaction(() => {
    const orgs = Array.from({ length: 8 }, (_, o) => Number(insOrg.run(`customer${o}`, `Customer ${o}`, localOrg, now).lastInsertRowid))
    for (let e = 0; e < ENVIRONMENTS; e++)
      envIds.push(Number(insEnv.run(`env-${e}`, `Environment ${e}`, orgs[e % orgs.length], now).lastInsertRowid))
  })()
  // Hosts belong to environments of Zipf-like size; each host has ~10 resources (ids host*10+k).
  const envOfHost = Array.from({ length: HOSTS }, () => envIds[Math.floor(ENVIRONMENTS * rand() ** 2)])

  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL`)
    .all() as { name: string; sql: string }[]
  for (const ix of indexes) db.exec(`DROP INDEX "${ix.name}"`)
  const ins =
    db.prepare(`INSERT INTO events (type, event_class, hostgroup_id, host_id, resource_id, subject_name, host_name, start_time, end_time,
    display_time, status, state_type, is_flapping, data, message, comment, username, user_full_name, ticket_id) VALUES
    (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const RES_STATES = ['ok', 'warning', 'critical', 'unknown']
  const HOST_STATES = ['up', 'down', 'unreachable']
  const BATCH = 100_000
  for (let start = 0; start < EVENTS; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(EVENTS, start + BATCH); i++) {
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
          ins.run(
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
          )
        } else {
          const type = x < 0.9 ? 'acknowledgement' : x < 0.93 ? 'downtime' : x < 0.96 ? 'ticket' : x < 0.99 ? 'notification' : 'system'
          // A few maintenance windows lie ahead (upcoming); the rest are past.
          const future = type === 'downtime' && rand() < 0.02
          const at = future ? now + Math.floor(rand() * 30 * 86400) : t
          ins.run(
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
          )
        }
      }
    })()
  }
  for (const ix of indexes) db.exec(ix.sql)
  return { hostId: Math.floor(HOSTS / 3) + 1, environmentIds: envIds }
}

async function build(rebuild: boolean): Promise<Built> {
  const key = createHash('sha256')
    .update(JSON.stringify({ DATA_VERSION, EVENTS, migrations: Object.keys(migrations) }))
    .digest('hex')
    .slice(0, 12)
  const file = path.join(DATA_DIR, `timeline-${key}.db`)
  const meta = path.join(DATA_DIR, `timeline-${key}.json`)
  if (!rebuild && fs.existsSync(file) && fs.existsSync(meta)) return { file, ...JSON.parse(fs.readFileSync(meta, 'utf8')) }
  fs.mkdirSync(DATA_DIR, { recursive: true })
  for (const f of fs.readdirSync(DATA_DIR))
    if (f.startsWith('timeline-') && !f.startsWith(`timeline-${key}`)) fs.rmSync(path.join(DATA_DIR, f), { force: true })
  const started = Date.now()
  const tmp = path.join(DATA_DIR, `timeline-build-${process.pid}.db`)
  const adminPassword = `bench-${randomBytes(6).toString('hex')}`
  const tenant = { username: 'tenant-operator', password: `bench-${randomBytes(6).toString('hex')}` }
  const now = Math.floor(Date.now() / 1000)
  const server = await startServer({ env: { DATABASE_URL: tmp, VIGIL_ADMIN_PASSWORD: adminPassword } })
  let built: Pick<Built, 'hostId'>
  try {
    const sqlite = server.vigil.store.sqlite!
    const { environmentIds, ...rest } = fill(sqlite, now)
    built = rest
    // A customer's operator who sees one mid-sized environment.
    const env = sqlite.prepare('SELECT id, organization_id FROM hostgroups WHERE id = ?').get(environmentIds[5]) as {
      id: number
      organization_id: number
    }
    const user = sqlite
      .prepare('INSERT INTO users (username, password_hash, organization_id, member_since) VALUES (?, ?, ?, 0)')
      .run(tenant.username, await hashPassword(tenant.password), env.organization_id)
    sqlite
      .prepare(`INSERT INTO user_rights (user_id, organization_id, hostgroup_id, authorization_group) VALUES (?, ?, ?, 'operator')`)
      .run(user.lastInsertRowid, env.organization_id, env.id)
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    await server.close()
  }
  for (const ext of ['-wal', '-shm']) fs.rmSync(tmp + ext, { force: true })
  fs.renameSync(tmp, file)
  fs.writeFileSync(meta, JSON.stringify({ adminPassword, tenant, ...built }))
  console.log(`built ${EVENTS} events in ${((Date.now() - started) / 1000).toFixed(1)} s: ${file}`)
  return { file, adminPassword, tenant, ...built }
}

const db = await build(process.argv.includes('--rebuild'))
const server = await startServer({ env: { DATABASE_URL: db.file } })
try {
  const token = async (username: string, password: string) => {
    const r = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
    if (!r.ok) throw new Error(`login ${username}: ${r.status} ${await r.text()}`)
    return ((await r.json()) as { token: string }).token
  }
  const admin = await token('admin', db.adminPassword)
  const tenant = await token(db.tenant.username, db.tenant.password)
  const get = async (auth: string, query: string) => {
    const t0 = performance.now()
    const r = await fetch(`${server.baseUrl}/api/v1/events?${query}`, { headers: { authorization: `Bearer ${auth}` } })
    const body = await r.text()
    const ms = performance.now() - t0
    if (!r.ok) throw new Error(`${query} → ${r.status} ${body.slice(0, 300)}`)
    return { ms, body: JSON.parse(body) as { result: { id: number }[]; totalresults: number } }
  }
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
    host: [admin, `${range}&no_future_events=true&host_id=${db.hostId}&limit=1000`],
    tenant: [tenant, `${range}&no_future_events=true&limit=1000`],
    hard_only: [admin, `${range}&no_future_events=true&only_hard=true&only_non_flapping=true&types=state_change&limit=1000`],
  }
  const figures: Record<string, string | number> = { events: EVENTS }
  for (const [name, [auth, query]] of Object.entries(shapes)) {
    const first = await get(auth, query)
    for (let i = 0; i < 5; i++) await get(auth, query)
    const ms: number[] = []
    for (let i = 0; i < N; i++) ms.push((await get(auth, query)).ms)
    console.log(
      `  ${name}: p50=${percentile(ms, 50).toFixed(1)} ms p95=${percentile(ms, 95).toFixed(1)} ms rows=${first.body.result.length} totalresults=${first.body.totalresults}`,
    )
    figures[`${name}_ms`] = percentile(ms, 50).toFixed(1)
  }
  console.log(figuresLine('timeline', figures))
} finally {
  await server.close()
}
