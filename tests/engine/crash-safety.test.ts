/**
 * Issue 20 "Proof", crash safety: the server runs as a child process and is killed with SIGKILL (no goodbye,
 * nothing flushed) while several clients post about 1,000 passive results a second over HTTP and users
 * acknowledge problems; then it starts again on the same database. Whatever it answered 2xx for is there:
 * every acknowledgement (also on its object), every result (its state or a later one's), each state change
 * exactly once; and its active check runs again within its interval (plus the lease time on PostgreSQL, where
 * the killed process's leases must expire before the new one may check its hosts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { DATABASES, freshPostgres, TEST_SECRET_KEY } from '../helpers/server'
import { adminClient, client, waitFor, type Client } from '../helpers/api'
import { tcpServer, type Listening } from '../fixtures/loopback'
import { openStore, type Store } from '../../src/server/store/db'

const HOSTS = 8
/** resources per host whose state changes under load, and CRITICAL ones users acknowledge meanwhile */
const CHANGING_PER_HOST = 12
const ACKED_PER_HOST = 8
const CLIENTS = 8
/** each request carries one result of each of its client's resources */
const BATCH = (HOSTS * (CHANGING_PER_HOST + ACKED_PER_HOST)) / CLIENTS
const RESULTS_PER_S = 1000
/** results answered before the kill */
const KILL_AFTER = 4000
/** results answered between two acknowledgements of one user: about two thirds are answered before the kill */
const ACK_EVERY = 180
const USERS = 2
/**
 * A changing resource changes state every FLIP_EVERY results at most (never flapping: under 30 % of SPEC §3's
 * weighted history) and FLIP_MS after its last change was answered at the soonest, so two of its state changes
 * never share a second: two events with the same time and state can only be one written twice.
 */
const FLIP_EVERY = 10
const FLIP_MS = 2100
const INTERVAL_S = 3
const LEASE_S = 5
const STATES = ['ok', 'warning', 'critical']
const ADMIN_PASSWORD = 'crash-safety-admin-pw'

interface Tracked {
  id: number
  acked: boolean
  /** exit status of seq 0, the result before the load: OK, or CRITICAL to be acknowledged */
  first: number
  /** exit status of each result sent, by seq − 1 (seq 0 is the one before the load) */
  sent: number[]
  /** highest seq answered 200 */
  answered: number
  status: number
  sinceFlip: number
  flippedAt: number
  ack: 'unsent' | 'sent' | 'answered'
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** the exit status of a resource's result `seq` */
const statusAt = (t: Tracked, seq: number) => (seq ? t.sent[seq - 1] : t.first)
const seqOf = (output: string) => Number(/^seq=(\d+) /.exec(output)?.[1] ?? NaN)

describe.each(DATABASES)('crash safety on %s', (db) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-crash-'))
  const children: ChildProcess[] = []
  let listener: Listening | undefined
  let store: Store | undefined
  let dropDatabase: (() => Promise<void>) | undefined

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
    await store?.close()
    await listener?.close()
    await dropDatabase?.()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  /** Vigil as its own process, resolved once it listens (the address it prints: PORT=0 picks a free port). */
  function startVigil(databaseUrl: string): Promise<{ child: ChildProcess; baseUrl: string; exited: Promise<number> }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        VIGIL_SECRET_KEY: TEST_SECRET_KEY,
        VIGIL_ADMIN_PASSWORD: ADMIN_PASSWORD,
        VIGIL_LEASE_S: String(LEASE_S),
        VIGIL_LOCAL_HOSTS: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    children.push(child)
    const exited = new Promise<number>((r) => child.once('exit', () => r(Date.now())))
    return new Promise((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        const m = /^Vigil (http:\/\/\S+)/.exec(line)
        if (m) resolve({ child, baseUrl: m[1], exited })
      })
      child.once('exit', (code, signal) => reject(new Error(`Vigil exited (${code ?? signal}) before it listened`)))
    })
  }

  it('keeps every answered result and acknowledgement across kill -9, writes no event twice and checks again', async () => {
    let databaseUrl = path.join(dir, 'vigil.db')
    if (db === 'pg') {
      const fresh = await freshPostgres()
      ;[databaseUrl, dropDatabase] = [fresh.url, fresh.drop]
    }
    const checks: number[] = []
    listener = await tcpServer((socket) => {
      checks.push(Date.now())
      socket.end()
    })
    const first = await startVigil(databaseUrl)
    const admin = await adminClient({ baseUrl: first.baseUrl, adminPassword: ADMIN_PASSWORD })

    // The active check: a host's tcp check against the test's listener.
    const active = await admin.post('/api/v1/hosts/', {
      name: 'crash-active',
      hostgroup_id: 1,
      ip_address: '127.0.0.1',
      check: { kind: 'tcp', config: { port: listener.port } },
      check_interval: INTERVAL_S,
      retry_interval: INTERVAL_S,
    })
    expect(active.status, JSON.stringify(active.body)).toBe(201)
    // Passive hosts and resources, each resource with a first result (seq 0): OK, or CRITICAL to be acknowledged.
    const tracked: Tracked[] = []
    await Promise.all(
      Array.from({ length: HOSTS }, async (_, h) => {
        const host = await admin.post('/api/v1/hosts/', { name: `crash-${h}`, hostgroup_id: 1, check_type: '1' })
        expect(host.status, JSON.stringify(host.body)).toBe(201)
        for (let r = 0; r < CHANGING_PER_HOST + ACKED_PER_HOST; r++) {
          const res = await admin.post('/api/v1/resources/', {
            host_id: host.body.id,
            name: `r${r}`,
            check_type: '1',
            max_check_attempts: 1,
          })
          expect(res.status, JSON.stringify(res.body)).toBe(201)
          const first = r >= CHANGING_PER_HOST ? 2 : 0
          tracked.push({
            id: res.body.id,
            acked: first === 2,
            first,
            sent: [],
            answered: 0,
            status: first,
            sinceFlip: 0,
            flippedAt: 0,
            ack: 'unsent',
          })
        }
      }),
    )
    const initial = await admin.post(
      '/api/v1/results',
      tracked.map((t) => ({ resource_id: t.id, exit_status: t.status, output: `seq=0 ${STATES[t.status]}` })),
    )
    expect(initial.status, JSON.stringify(initial.body)).toBe(200)
    for (const t of tracked) t.flippedAt = Date.now()

    let killed = false
    let answered = 0
    const loadStart = Date.now()

    /** One client: batches of its own resources in turn (one request at a time, so each resource's results stay in order). */
    async function feed(api: Client, mine: Tracked[]) {
      let next = 0
      let sent = 0
      while (!killed) {
        const batch = Array.from({ length: BATCH }, () => {
          const t = mine[next++ % mine.length]
          const flip = !t.acked && t.sinceFlip >= FLIP_EVERY && Date.now() - t.flippedAt >= FLIP_MS
          const status = flip ? (t.status + 1) % STATES.length : t.status
          t.sent.push(status)
          return { t, status, seq: t.sent.length }
        })
        const body = batch.map((b) => ({ resource_id: b.t.id, exit_status: b.status, output: `seq=${b.seq} ${STATES[b.status]}` }))
        const res = await api.post('/api/v1/results', body).catch((err: unknown) => {
          if (killed) return null // the server is gone: this request is unanswered
          throw err
        })
        if (!res) return
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        for (const { t, status, seq } of batch) {
          t.answered = seq
          t.sinceFlip = status === t.status ? t.sinceFlip + 1 : 0
          if (status !== t.status) t.flippedAt = Date.now()
          t.status = status
        }
        answered += batch.length
        sent += batch.length
        // This client's share of the rate; a slower server simply gets fewer.
        await sleep(loadStart + (sent / (RESULTS_PER_S / CLIENTS)) * 1000 - Date.now())
      }
    }

    /** One user acknowledging its CRITICAL resources one after another, paced by the results answered. */
    async function acknowledge(api: Client, mine: Tracked[]) {
      for (const [k, t] of mine.entries()) {
        while (!killed && answered < (k + 1) * ACK_EVERY) await sleep(20)
        if (killed) return
        t.ack = 'sent'
        const res = await api
          .post(`/api/v1/resources/${t.id}/acknowledgements`, { comment: `ack ${t.id}`, persistent: true })
          .catch((err: unknown) => {
            if (killed) return null
            throw err
          })
        if (!res) return
        expect(res.status, JSON.stringify(res.body)).toBe(201)
        t.ack = 'answered'
      }
    }

    // Clients post as agents do, each with its own API token; users acknowledge in their own sessions.
    const agent = async (c: number) => {
      const made = await admin.post('/api/v1/tokens/', { name: `agent ${c}`, expire_days: 30 })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      return client(first.baseUrl, made.body.token)
    }
    const agents = await Promise.all(Array.from({ length: CLIENTS }, (_, c) => agent(c)))
    const users = await Promise.all(
      Array.from({ length: USERS }, () => adminClient({ baseUrl: first.baseUrl, adminPassword: ADMIN_PASSWORD })),
    )
    const ackedOnes = tracked.filter((t) => t.acked)
    const work = [
      ...agents.map((api, c) =>
        feed(
          api,
          tracked.filter((_, i) => i % CLIENTS === c),
        ),
      ),
      ...users.map((api, u) =>
        acknowledge(
          api,
          ackedOnes.filter((_, i) => i % USERS === u),
        ),
      ),
    ]
    const failed = Promise.race(work.map((w) => w.then(() => new Promise<never>(() => {}))))
    await Promise.race([failed, waitFor(async () => answered >= KILL_AFTER, 60_000)])
    killed = true
    first.child.kill('SIGKILL')
    const exitedAt = await first.exited
    await Promise.all(work)
    const lastActiveBefore = Math.max(...checks)

    const second = await startVigil(databaseUrl)
    const readyAt = Date.now()
    const after = await adminClient({ baseUrl: second.baseUrl, adminPassword: ADMIN_PASSWORD })

    // The active check runs again, within its interval (and the killed process's leases on PostgreSQL) plus a margin.
    const margin = (INTERVAL_S + (db === 'pg' ? LEASE_S : 0) + 15) * 1000
    const resumed = await waitFor(async () => checks.find((c) => c > exitedAt), margin)
    expect(resumed).toBeGreaterThan(lastActiveBefore)
    expect(resumed - readyAt).toBeLessThan(margin)
    // The listener answers before the result is written: the host shows it a moment later.
    await waitFor(async () => (await after.get(`/api/v1/hosts/${active.body.id}`)).body.last_check >= Math.floor(exitedAt / 1000), 10_000)

    // Each answered result is reflected: the resource shows it or a later one sent (the request cut by the kill).
    const wrong: unknown[] = []
    const rows = new Map<number, { state: string; plugin_output: string; acknowledged: boolean }>()
    for (let i = 0; i < tracked.length; i += 20)
      await Promise.all(tracked.slice(i, i + 20).map(async (t) => rows.set(t.id, (await after.get(`/api/v1/resources/${t.id}`)).body)))
    for (const t of tracked) {
      const row = rows.get(t.id)!
      const seq = seqOf(row.plugin_output)
      if (!(seq >= t.answered && seq <= t.sent.length && row.state === STATES[statusAt(t, seq)]))
        wrong.push({ id: t.id, row, answered: t.answered, sent: t.sent.length })
    }
    expect(wrong).toEqual([])
    expect(tracked.every((t) => t.answered > FLIP_EVERY)).toBe(true)

    // Every acknowledgement answered 201 is in effect and on its object; one sent unanswered may be; none was written twice.
    for (const t of ackedOnes) {
      const list = (await after.get(`/api/v1/resources/${t.id}/acknowledgements`)).body.result as {
        comment: string
        ended_time: number | null
      }[]
      const inEffect = list.filter((a) => a.ended_time === null)
      const expected = t.ack === 'answered' ? [1] : t.ack === 'sent' ? [0, 1] : [0]
      if (!expected.includes(list.length) || inEffect.length !== list.length || rows.get(t.id)!.acknowledged !== (list.length === 1))
        wrong.push({ id: t.id, ack: t.ack, list, acknowledged: rows.get(t.id)!.acknowledged })
      else if (list.length && list[0].comment !== `ack ${t.id}`) wrong.push({ id: t.id, list })
    }
    expect(wrong).toEqual([])
    expect(ackedOnes.filter((t) => t.ack === 'answered').length).toBeGreaterThan(0)

    // State change events: exactly one per change among the results written (a prefix of those sent, by seq).
    store = openStore(db === 'pg' ? { kind: 'postgres', url: databaseUrl } : { kind: 'sqlite', file: databaseUrl })
    const events = await store.db
      .selectFrom('events')
      .select(['type', 'host_id', 'resource_id', 'start_time', 'status', 'message'])
      .where('type', 'in', ['state_change', 'acknowledgement'])
      .orderBy('id')
      .execute()
    const keys = events.filter((e) => e.type === 'state_change').map((e) => `${e.host_id}:${e.resource_id}:${e.start_time}:${e.status}`)
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([])
    for (const t of tracked) {
      const mine = events.filter((e) => e.resource_id === t.id)
      const written = seqOf(rows.get(t.id)!.plugin_output)
      const changes = mine.filter((e) => e.type === 'state_change' && seqOf(e.message) > 0).map((e) => seqOf(e.message))
      const expected = t.sent.flatMap((s, i) => (i < written && s !== statusAt(t, i) ? [i + 1] : []))
      const acks = mine.filter((e) => e.type === 'acknowledgement').length
      if (changes.join() !== expected.join() || acks !== (rows.get(t.id)!.acknowledged ? 1 : 0))
        wrong.push({ id: t.id, changes, expected, acks })
    }
    expect(wrong).toEqual([])
  }, 150_000)
})
