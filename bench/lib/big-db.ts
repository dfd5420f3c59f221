/**
 * A large SQLite database for the list benchmarks: organizations (MSP customers of "Local", so the admin
 * sees them), environments, hosts and resources with a realistic spread of states, names and ages.
 *
 * Built FAST: the real server runs the real migrations and the first-start seed once, then rows go in with
 * prepared statements in big transactions straight into the tables. The secondary indexes of hosts and
 * resources are dropped during the load and recreated from their own `sqlite_master` SQL afterwards
 * (one sort per index instead of a million random B-tree inserts), so the result is exactly what the
 * migrations create. No ANALYZE is run: the server does not run one either, so plans match production.
 *
 * The file is cached under bench/.data/ keyed by the migration list and DATA_VERSION; the admin password
 * of a cached file is kept beside it (the seed creates the admin only once).
 */
import fs from 'node:fs'
import path from 'node:path'
import { createHash, randomBytes } from 'node:crypto'
import type SQLite from 'better-sqlite3'
import { startServer } from '../../tests/helpers/server'
import { migrations } from '../../src/server/store/migrations/index'
import { pgLoad } from './pg-bulk'

/** Bump when the generated data changes shape; a new key rebuilds the cache. */
const DATA_VERSION = 2

export interface BigDbSpec {
  organizations: number
  environments: number
  hosts: number
  resources: number
}

export interface BigDb {
  file: string
  adminPassword: string
  environmentIds: number[]
  /** Seconds the build took; 0 when the cache was used. */
  buildSeconds: number
}

const DATA_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '.data')

/** Deterministic PRNG (mulberry32): the same data on every machine, so figures compare. */
export function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Picks from [value, weight] pairs. */
function weighted<T>(rand: () => number, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0)
  let x = rand() * total
  for (const [v, w] of table) if ((x -= w) < 0) return v
  return table[table.length - 1][0]
}

const HOSTTYPES = [
  ['linux', 30],
  ['windows', 22],
  ['switch', 12],
  ['ping', 10],
  ['router', 6],
  ['firewall', 4],
  ['esx', 5],
  ['storage', 3],
  ['printer', 5],
  ['ups', 3],
] as const
const ROLES = ['web', 'db', 'app', 'mail', 'file', 'dc', 'proxy', 'sw', 'rtr', 'fw', 'esx', 'nas', 'prn', 'ups', 'vpn', 'log', 'mon', 'ci']
const SITES = ['ams', 'rtm', 'utr', 'ehv', 'gro', 'lon', 'fra', 'par', 'bru', 'nyc', 'sfo', 'sin']
const HOST_STATES = [
  ['up', 900],
  ['down', 40],
  ['unreachable', 20],
  ['pending', 40],
] as const
const RESOURCE_STATES = [
  ['ok', 860],
  ['warning', 60],
  ['critical', 40],
  ['unknown', 20],
  ['pending', 20],
] as const
const CHECKS = [
  'CPU load',
  'Memory',
  'Swap',
  'Disk /',
  'Disk /var',
  'Disk /home',
  'Disk C:',
  'Disk D:',
  'Uptime',
  'Ping',
  'SSH',
  'HTTP',
  'HTTPS certificate',
  'NTP offset',
  'DNS',
  'SMTP',
  'Processes',
  'Zombie processes',
  'Logged in users',
  'Interface eth0',
  'Interface eth1',
  'Interface Gi0/1',
  'Interface Gi0/2',
  'Temperature',
  'Fan',
  'Power supply',
  'Service Spooler',
  'Service W32Time',
  'Backup age',
  'RAID status',
  'Battery',
  'Load balancer pool',
]
const OUTPUT: Record<string, string> = {
  up: 'PING OK - Packet loss = 0%, RTA = 0.84 ms',
  down: 'PING CRITICAL - Packet loss = 100%',
  unreachable: 'Host unreachable (parent down)',
  pending: '',
  ok: 'OK - all fine',
  warning: 'WARNING - 82% used',
  critical: 'CRITICAL - 97% used',
  unknown: 'UNKNOWN - no data from agent',
}

function cacheKey(spec: BigDbSpec) {
  const text = JSON.stringify({ DATA_VERSION, spec, migrations: Object.keys(migrations) })
  return createHash('sha256').update(text).digest('hex').slice(0, 12)
}

/** Returns the cached database for `spec`, building it first when missing (or when `rebuild`). */
export async function bigDb(spec: BigDbSpec, rebuild = false): Promise<BigDb> {
  // The size leads the name so that a --small cache and the full one live side by side.
  const prefix = `lists-${spec.hosts}h-`
  const key = prefix + cacheKey(spec)
  const file = path.join(DATA_DIR, `${key}.db`)
  const meta = path.join(DATA_DIR, `${key}.json`)
  if (!rebuild && fs.existsSync(file) && fs.existsSync(meta)) return { file, ...JSON.parse(fs.readFileSync(meta, 'utf8')), buildSeconds: 0 }

  fs.mkdirSync(DATA_DIR, { recursive: true })
  // Other keys of the same size are stale (older migrations or data): they are large, so they go.
  for (const f of fs.readdirSync(DATA_DIR)) if (f.startsWith(prefix)) fs.rmSync(path.join(DATA_DIR, f), { force: true })
  const started = Date.now()
  const tmp = path.join(DATA_DIR, `build-${process.pid}.db`)
  const adminPassword = `bench-${randomBytes(6).toString('hex')}`
  const server = await startServer({ env: { DATABASE_URL: tmp, VIGIL_ADMIN_PASSWORD: adminPassword } })
  let environmentIds: number[]
  try {
    environmentIds = await fill(server.vigil.store.sqlite!, spec)
    server.vigil.store.sqlite!.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    await server.close()
  }
  // Renamed only when complete, so an interrupted build never leaves a cache behind.
  for (const ext of ['-wal', '-shm']) fs.rmSync(tmp + ext, { force: true })
  fs.renameSync(tmp, file)
  fs.writeFileSync(meta, JSON.stringify({ adminPassword, environmentIds }))
  return { file, adminPassword, environmentIds, buildSeconds: (Date.now() - started) / 1000 }
}

/** A way to insert one row and get its id: SQLite's prepared statement or PostgreSQL's RETURNING. */
type InsertOne = (table: string, row: Record<string, unknown>) => Promise<number>

/** Organizations of uneven size (a few big customers, many small), environments spread over them. */
async function organizationsAndEnvironments(spec: BigDbSpec, rand: () => number, now: number, localOrg: number, insert: InsertOne) {
  const orgIds: number[] = []
  for (let o = 0; o < spec.organizations; o++) {
    const name = `Customer ${String.fromCharCode(65 + (o % 26))}${o >= 26 ? o : ''}`
    orgIds.push(
      await insert('organizations', {
        name: name.replace(/\s/g, '').toLowerCase(),
        alias: name,
        legal_name: `${name} B.V.`,
        is_msp: 0,
        msp_parent_id: localOrg,
        customer_since: now - 86400 * 900,
        created_time: now,
      }),
    )
  }
  const envIds: number[] = []
  for (let e = 0; e < spec.environments; e++) {
    const org = orgIds[Math.min(orgIds.length - 1, Math.floor(orgIds.length * rand() ** 2))]
    envIds.push(
      await insert('hostgroups', {
        name: `env-${e}`,
        alias: `${SITES[e % SITES.length].toUpperCase()} ${['Production', 'Test', 'Office', 'DMZ', 'Lab'][e % 5]} ${e}`,
        organization_id: org,
        created_time: now,
      }),
    )
  }
  return envIds
}

const HOST_COLUMNS = [
  'id',
  'name',
  'alias',
  'fqdn',
  'hostgroup_id',
  'hosttype',
  'ip_address',
  'description',
  'tags',
  'labels',
  'state',
  'state_type',
  'current_attempt',
  'plugin_output',
  'last_state_change',
  'last_hard_state_change',
  'last_check',
  'next_check',
  'check_kind',
  'check_config',
  'acknowledged',
  'is_flapping',
  'created_time',
  'updated_time',
]
const RESOURCE_COLUMNS = [
  'host_id',
  'hostgroup_id',
  'host_name',
  'name',
  'display_name',
  'plugin_id',
  'has_graph',
  'state',
  'state_type',
  'current_attempt',
  'plugin_output',
  'perfdata',
  'last_state_change',
  'last_hard_state_change',
  'last_check',
  'next_check',
  'check_type',
  'check_kind',
  'acknowledged',
  'created_time',
  'updated_time',
]
export const BIG_DB_TABLES = { hosts: HOST_COLUMNS, resources: RESOURCE_COLUMNS }

/** The hosts and resources, in the column order of BIG_DB_TABLES. */
function* hostsAndResources(
  spec: BigDbSpec,
  envIds: number[],
  rand: () => number,
  now: number,
): Generator<['hosts' | 'resources', unknown[]]> {
  // Zipf-like environment sizes: the biggest environment holds ~20% of the hosts, the smallest a few hundred.
  const envWeights = envIds.map((id, i) => [id, 1 / (1 + i) ** 0.9] as const)
  // Age of the last state change of a healthy row: up to a year, skewed towards recent (~1% in the last
  // hour); problems changed within the last two days.
  const age = () => 60 + Math.floor(365 * 86400 * rand() ** 2)
  const perHost = spec.resources / spec.hosts
  let resourcesLeft = spec.resources
  for (let i = 0; i < spec.hosts; i++) {
    const id = i + 1
    const env = weighted(rand, envWeights)
    const state = weighted(rand, HOST_STATES)
    const role = ROLES[Math.floor(rand() * ROLES.length)]
    const site = SITES[Math.floor(rand() * SITES.length)]
    const name = `${role}-${site}-${id.toString(36).padStart(4, '0')}`
    const changed = state === 'up' ? now - age() : now - Math.floor(rand() * 3 * 86400)
    const soft = state !== 'up' && state !== 'pending' && rand() < 0.2
    yield [
      'hosts',
      [
        id,
        name,
        `${role.toUpperCase()} ${site.toUpperCase()} ${id}`,
        `${name}.c${env}.example.net`,
        env,
        weighted(rand, HOSTTYPES),
        `10.${env % 256}.${(id >> 8) & 255}.${id & 255}`,
        '',
        JSON.stringify(rand() < 0.3 ? [site, role] : []),
        '{}',
        state,
        soft ? 'SOFT' : 'HARD',
        soft ? 2 : 1,
        OUTPUT[state],
        changed,
        changed,
        state === 'pending' ? null : now - Math.floor(rand() * 60),
        now + Math.floor(rand() * 60),
        'ping',
        JSON.stringify({ host: name }),
        state === 'down' && rand() < 0.3 ? 1 : 0,
        rand() < 0.005 ? 1 : 0,
        now - 86400 * 400,
        now,
      ],
    ]

    // 0.4..1.6×average resources per host, nudged back towards the average so that the total is exact
    // (the last host takes what is left, which the nudge keeps close to the average).
    const hostsLeft = spec.hosts - i
    const drift = Math.round((resourcesLeft - perHost * hostsLeft) / 100)
    const n =
      hostsLeft === 1
        ? resourcesLeft
        : Math.max(1, Math.min(CHECKS.length, resourcesLeft - (hostsLeft - 1), Math.round(perHost * (0.4 + 1.2 * rand())) + drift))
    resourcesLeft -= n
    const first = Math.floor(rand() * CHECKS.length)
    for (let k = 0; k < n; k++) {
      const display = k < CHECKS.length ? CHECKS[(first + k) % CHECKS.length] : `Check ${k}`
      // Resources of a down host are mostly unknown: the checks cannot reach it.
      const rs = state === 'down' && rand() < 0.7 ? 'unknown' : weighted(rand, RESOURCE_STATES)
      const rchanged = rs === 'ok' ? now - age() : now - Math.floor(rand() * 2 * 86400)
      const plugin = `check_${display.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`
      yield [
        'resources',
        [
          id,
          env,
          name,
          plugin,
          display,
          plugin,
          rs === 'pending' ? 0 : 1,
          rs,
          'HARD',
          1,
          OUTPUT[rs],
          rs === 'pending' ? '' : 'used=82%;80;95',
          rchanged,
          rchanged,
          rs === 'pending' ? null : now - Math.floor(rand() * 300),
          now + Math.floor(rand() * 300),
          rand() < 0.1 ? '1' : '0',
          'agent',
          rs === 'critical' && rand() < 0.25 ? 1 : 0,
          now - 86400 * 400,
          now,
        ],
      ]
    }
  }
}

const insertSql = (table: string, columns: string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`

async function fill(db: SQLite.Database, spec: BigDbSpec): Promise<number[]> {
  const rand = rng(42)
  const now = Math.floor(Date.now() / 1000)
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -400000')
  db.pragma('foreign_keys = OFF')
  const localOrg = (db.prepare(`SELECT id FROM organizations WHERE name = 'Local'`).get() as { id: number }).id
  const envIds = await organizationsAndEnvironments(spec, rand, now, localOrg, async (table, row) =>
    Number(db.prepare(insertSql(table, Object.keys(row))).run(...Object.values(row)).lastInsertRowid),
  )

  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('hosts', 'resources') AND sql IS NOT NULL`)
    .all() as { name: string; sql: string }[]
  for (const ix of indexes) db.exec(`DROP INDEX "${ix.name}"`)
  const insert = { hosts: db.prepare(insertSql('hosts', HOST_COLUMNS)), resources: db.prepare(insertSql('resources', RESOURCE_COLUMNS)) }
  const rows = hostsAndResources(spec, envIds, rand, now)
  const BATCH = 100_000
  for (let more = true; more;)
    db.transaction(() => {
      for (let n = 0; n < BATCH; n++) {
        const r = rows.next()
        if (r.done) return (more = false)
        insert[r.value[0]].run(r.value[1])
      }
    })()
  for (const ix of indexes) db.exec(ix.sql)
  db.pragma('foreign_keys = ON')
  return envIds
}

/**
 * The same data in the PostgreSQL database of a running server (fresh, migrated, first-start seed done), loaded
 * in one transaction (lib/pg-bulk.ts). Not cached: the database goes when the server closes. Returns the
 * environment ids.
 */
export async function fillPg(url: string, spec: BigDbSpec): Promise<number[]> {
  const rand = rng(42)
  const now = Math.floor(Date.now() / 1000)
  let envIds: number[] = []
  await pgLoad(
    url,
    BIG_DB_TABLES,
    async (load) => {
      const [{ id: localOrg }] = await load.query<{ id: number }>(`SELECT id FROM organizations WHERE name = 'Local'`)
      envIds = await organizationsAndEnvironments(spec, rand, now, localOrg, async (table, row) => {
        const columns = Object.keys(row)
        const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`
        return (await load.query<{ id: number }>(sql, Object.values(row)))[0].id
      })
      for (const [table, values] of hostsAndResources(spec, envIds, rand, now)) await load.add(table, values)
    },
    // What the count triggers of hosts and resources keep (migrations 0006, 0040), counted once.
    [
      'DELETE FROM resource_state_counts',
      'INSERT INTO resource_state_counts (hostgroup_id, state, n) SELECT hostgroup_id, state, COUNT(*) FROM resources GROUP BY hostgroup_id, state',
      'DELETE FROM host_state_counts',
      'INSERT INTO host_state_counts (hostgroup_id, hosttype, state, n) SELECT hostgroup_id, hosttype, state, COUNT(*) FROM hosts GROUP BY hostgroup_id, hosttype, state',
    ],
  )
  return envIds
}
