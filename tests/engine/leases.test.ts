/**
 * Issue 20 "Several processes on one PostgreSQL" (DESIGN.md): two real engine processes (VIGIL_ROLE=engine)
 * on one database split the hosts by leases, check every resource exactly once, and when one is killed
 * (kill -9, no goodbye) the other takes its hosts over within the lease time, rereading their state from the
 * database so that no state change is written twice. Resources are tcp checks against a loopback listener
 * that learns which resource called from the text the check sends.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer, TEST_SECRET_KEY, type TestServer } from '../helpers/server'
import { adminClient, makeTenant } from '../helpers/api'
import { tcpServer, type Listening } from '../fixtures/loopback'

const HOSTS = 100
const RESOURCES_PER_HOST = 5
const INTERVAL_S = 3
const LEASE_S = 5

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number, seen?: () => Promise<unknown>) {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (await probe()) return
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${seen ? `: ${JSON.stringify(await seen())}` : ''}`)
    await sleep(250)
  }
}

describe.skipIf(!process.env.PG_URL)('engine leases on PostgreSQL', () => {
  let server: TestServer
  let listener: Listening
  let db: pg.Client
  const children: ChildProcess[] = []
  /** when each resource (by the text its check sends) was checked, ms */
  const checks = new Map<string, number[]>()
  let answer = 'ok'

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
    await db?.end()
    await server?.close()
    await listener?.close()
  })

  const engineProcess = (url: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        VIGIL_SECRET_KEY: TEST_SECRET_KEY,
        VIGIL_ROLE: 'engine',
        VIGIL_LEASE_S: String(LEASE_S),
        VIGIL_LOCAL_HOSTS: '0',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(child)
    return child
  }

  /** bucket leases held now, per owner's pid */
  const leasesByPid = async () => {
    const { rows } = await db.query<{ owner: string; n: number }>(
      `SELECT owner, count(*)::int AS n FROM engine_leases
        WHERE name LIKE 'bucket:%' AND expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint GROUP BY owner`,
    )
    return new Map(rows.map((r) => [Number(r.owner.split(':')[1]), r.n]))
  }

  it('checks each resource in exactly one process and moves a killed process’s hosts to the other', async () => {
    listener = await tcpServer((socket) => {
      let text = ''
      socket.on('data', (d: Buffer) => {
        text += d.toString()
        if (!text.includes('\n')) return
        const name = text.trim()
        checks.set(name, [...(checks.get(name) ?? []), Date.now()])
        socket.end(`${answer}\n`)
      })
    })
    server = await startServer({ db: 'pg', env: { VIGIL_ROLE: 'api' } })
    const url = (server.config.database as { url: string }).url
    db = new pg.Client({ connectionString: url })
    await db.connect()
    // The engines start (slowly: tsx compiles the server) while the hosts are added through the API-only
    // process, so most hosts reach them as changes made through another process (NOTIFY).
    const [a, b] = [engineProcess(url), engineProcess(url)]
    const admin = await adminClient(server)
    const tenant = await makeTenant(server, admin)
    const names: string[] = []
    await Promise.all(
      Array.from({ length: HOSTS }, async (_, h) => {
        const host = await admin.post('/api/v1/hosts/', {
          name: `lease-${h}`,
          hostgroup_id: tenant.environmentId,
          ip_address: '127.0.0.1',
          check_type: '1',
        })
        expect(host.status, JSON.stringify(host.body)).toBe(201)
        for (let r = 0; r < RESOURCES_PER_HOST; r++) {
          const name = `h${h}r${r}`
          names.push(name)
          const res = await admin.post('/api/v1/resources/', {
            host_id: host.body.id,
            name,
            check: { kind: 'tcp', config: { port: listener.port, send: `${name}\n`, expect: 'ok' } },
            check_type: '0',
            check_interval: INTERVAL_S,
            retry_interval: INTERVAL_S,
            max_check_attempts: 1,
          })
          expect(res.status, JSON.stringify(res.body)).toBe(201)
        }
      }),
    )
    // Both hold a fair half of the 64 buckets, every bucket one owner (its primary key).
    await until(
      'the buckets split between both processes',
      async () => {
        const held = await leasesByPid()
        return held.get(a.pid!) === 32 && held.get(b.pid!) === 32
      },
      120_000,
      async () => ({ pids: [a.pid, b.pid], held: [...(await leasesByPid())] }),
    )
    await until('every resource checked and OK', async () => (await stateCount(db, 'ok')) === HOSTS * RESOURCES_PER_HOST, 30_000)

    // Every resource changes state once (OK → WARNING), then is counted over a few intervals: checked by one
    // process it is called about once per interval; checked by both, twice as often.
    answer = 'no'
    await until('every resource WARNING', async () => (await stateCount(db, 'warning')) === names.length, 30_000)
    const windowStart = Date.now()
    await sleep(4 * INTERVAL_S * 1000)
    const counts = names.map((n) => (checks.get(n) ?? []).filter((t) => t >= windowStart).length)
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(3)
    expect(Math.max(...counts)).toBeLessThanOrEqual(5)

    // kill -9: no lease handed back; the survivor takes the buckets over once they expire.
    const killedAt = Date.now()
    a.kill('SIGKILL')
    await until('the survivor holds every bucket', async () => (await leasesByPid()).get(b.pid!) === 64, 90_000)
    await until(
      'every resource checked again after the kill',
      async () => names.every((n) => (checks.get(n) ?? []).some((t) => t > killedAt + LEASE_S * 1000)),
      90_000,
      async () => {
        const missing = names.filter((n) => !(checks.get(n) ?? []).some((t) => t > killedAt + LEASE_S * 1000))
        const { rows } = await db.query(
          'SELECT id, host_id, host_id % 64 AS bucket, state, last_check, next_check FROM resources WHERE name = ANY($1) LIMIT 10',
          [missing],
        )
        return { n: missing.length, rows, now: Date.now() / 1000, killedAt: killedAt / 1000, leases: [...(await leasesByPid())] }
      },
    )
    expect(Date.now() - killedAt).toBeLessThan(90_000)

    // No state change written twice: a duplicate from a takeover repeats the status the resource already had.
    // (Each resource changes OK → WARNING once; under heavy load a check may also time out, a real change.)
    const { rows } = await db.query<{ resource_id: number; status: string; plugin_output: string }>(
      `SELECT resource_id, status, message AS plugin_output FROM events
        WHERE type = 'state_change' AND resource_id IS NOT NULL ORDER BY resource_id, id`,
    )
    expect(new Set(rows.map((r) => r.resource_id)).size).toBe(names.length)
    const repeated = rows.filter((r, i) => i > 0 && rows[i - 1].resource_id === r.resource_id && rows[i - 1].status === r.status)
    expect(repeated).toEqual([])
  }, 300_000)
})

async function stateCount(db: pg.Client, state: string) {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM resources WHERE state = $1', [state])
  return rows[0].n
}
