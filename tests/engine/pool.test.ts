/**
 * Checks run in worker threads (src/server/engine/pool.ts, issue 3 "Figures"): the main thread keeps
 * scheduling and writes while the sockets' work happens elsewhere. Same results, same timeouts, and a
 * prompt stop.
 */
import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createCheckPool, WATCHDOG_GRACE_MS, type CheckPool } from '../../src/server/engine/pool'
import { checkKinds, runCheck } from '../../src/server/engine/checks'
import { closedPort, listen, LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

describe('check worker pool', () => {
  let open: Listening
  let silent: Listening
  let evil: Listening
  let requests = 0
  let pool: CheckPool
  const failures: unknown[] = []
  beforeAll(async () => {
    open = await tcpServer(() => {})
    // Accepts and never answers: a check expecting a banner waits until its timeout.
    silent = await tcpServer(() => {})
    // Review M2: a body on which `^(a|a)*$` backtracks about 2^40 times.
    evil = await listen(
      http.createServer((_req, res) => {
        requests++
        res.end('a'.repeat(40) + '!')
      }),
    )
  })
  afterEach(() => pool?.stop())
  afterAll(async () => {
    await open.close()
    await silent.close()
    await evil.close()
  })
  const newPool = (size = 1) => (pool = createCheckPool({ size, onError: (err) => failures.push(err) }))
  // content_regex is a server admin's setting (check-policy.ts); even theirs cannot stall the engine.
  const regexCheck = () => checkKinds.http.config.parse({ port: evil.port, content_regex: '^(a|a)*$' })
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  it('runs checks in a worker thread with the results the main thread would give (SPEC §3 agentless checks)', async () => {
    newPool()
    const refused = await closedPort()
    const [up, down] = await Promise.all([
      pool.run('tcp', { port: open.port }, { timeoutMs: 2000, address: LOOPBACK }),
      pool.run('tcp', { port: refused }, { timeoutMs: 2000, address: LOOPBACK }),
    ])
    expect(pool.threads).toBe(1)
    expect(up.status).toBe(0)
    expect(up.output).toMatch(new RegExp(`^TCP OK - \\d+\\.\\d{3} second response time on ${LOOPBACK} port ${open.port}$`))
    expect(up.perfdata).toEqual([expect.objectContaining({ label: 'time', unit: 's' })])
    const inProcess = await runCheck(checkKinds.tcp, { port: refused }, { timeoutMs: 2000, address: LOOPBACK })
    expect(down).toEqual(inProcess)
    expect(down).toMatchObject({ status: 2, output: `TCP CRITICAL - cannot connect to ${LOOPBACK} port ${refused}: Connection refused` })
    expect(failures).toEqual([])
  })

  it('runs many checks at once and hands every result to its own caller', async () => {
    newPool()
    const refused = await closedPort()
    const ports = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? refused : open.port))
    const results = await Promise.all(ports.map((port) => pool.run('tcp', { port }, { timeoutMs: 5000, address: LOOPBACK })))
    expect(results.map((r) => r.output.match(/port (\d+)/)?.[1])).toEqual(ports.map(String))
    expect(results.map((r) => r.status)).toEqual(ports.map((p) => (p === refused ? 2 : 0)))
  })

  it('reports a check that outlives its timeout as CRITICAL, naming the timeout', async () => {
    newPool()
    const result = await pool.run('tcp', { port: silent.port, expect: 'READY' }, { timeoutMs: 300, address: LOOPBACK })
    expect(result).toMatchObject({
      status: 2,
      output: `TCP CRITICAL - timed out after 0.3 s waiting for a response from ${LOOPBACK} port ${silent.port}`,
    })
  })

  it("does not count the time a new worker takes to load against a check's timeout", async () => {
    newPool()
    const result = pool.run('tcp', { port: silent.port, expect: 'READY' }, { timeoutMs: 300, address: LOOPBACK })
    // The job is posted to the loading worker; then the main thread is held longer than timeout and grace, as a
    // loaded machine holds a booting worker (CI). The watchdog runs before the worker's messages are read.
    await new Promise((resolve) => setImmediate(resolve))
    const until = Date.now() + 300 + WATCHDOG_GRACE_MS + 500
    while (Date.now() < until);
    expect(await result).toMatchObject({ status: 2, output: expect.stringContaining('timed out after 0.3 s') })
    expect(failures).toEqual([])
  })

  it('cancels running checks at once when stopped, and runs later ones in the main thread', async () => {
    newPool()
    const started = Date.now()
    const waiting = pool.run('tcp', { port: silent.port, expect: 'READY' }, { timeoutMs: 10_000, address: LOOPBACK })
    // The check is in the worker once the worker has answered another one.
    await pool.run('tcp', { port: open.port }, { timeoutMs: 2000, address: LOOPBACK })
    await pool.stop()
    const cancelled = await waiting
    expect(Date.now() - started).toBeLessThan(5000)
    expect(cancelled.status).toBe(2)
    expect(cancelled.output).toContain('check cancelled')
    expect(pool.threads).toBe(0)
    const after = await pool.run('tcp', { port: open.port }, { timeoutMs: 2000, address: LOOPBACK })
    expect(after.status).toBe(0)
  })

  it('ends a check stuck in a regular expression as UNKNOWN after its timeout and grace, restarting its worker (review M2)', async () => {
    newPool(1)
    // A loaded worker: a job's timeout and grace count from when its worker has loaded, not from before.
    expect((await pool.run('tcp', { port: open.port }, { timeoutMs: 2000, address: LOOPBACK })).status).toBe(0)
    const timeoutMs = 1000
    const started = performance.now()
    const before = requests
    const stuck = pool.run('http', regexCheck(), { timeoutMs, address: LOOPBACK })
    // Once the body is in, the worker is inside the regular expression; a fast check queues behind it.
    await until(() => requests > before)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const behind = pool.run('tcp', { port: open.port }, { timeoutMs: 2000, address: LOOPBACK }).then((r) => ({ r, at: performance.now() }))
    const result = await stuck
    const endedAt = performance.now()
    expect(result).toEqual({
      status: 3,
      output: `http check did not finish within ${(timeoutMs + WATCHDOG_GRACE_MS) / 1000} s; its worker was restarted`,
      perfdata: [],
    })
    expect(endedAt - started).toBeGreaterThanOrEqual(timeoutMs + WATCHDOG_GRACE_MS)
    expect(endedAt - started).toBeLessThan(timeoutMs + WATCHDOG_GRACE_MS + 2000)
    // The check queued behind it is sent again to the fresh worker and answers once that worker has started.
    const { r, at } = await behind
    expect(r.status).toBe(0)
    // It was held by the stuck worker (had the 100 ms above not sufficed, it would have answered before).
    expect(at).toBeGreaterThanOrEqual(endedAt)
    expect(at - endedAt).toBeLessThan(3000)
    expect(pool.threads).toBe(1)
    expect((await pool.run('tcp', { port: open.port }, { timeoutMs: 2000, address: LOOPBACK })).status).toBe(0)
  }, 15_000)

  it('never runs a regular expression in the main thread: without workers one is started for such checks alone', async () => {
    newPool(0)
    expect((await pool.run('tcp', { port: open.port }, { timeoutMs: 2000, address: LOOPBACK })).status).toBe(0)
    expect(pool.threads).toBe(0)
    let ticks = 0
    const ticker = setInterval(() => ticks++, 50)
    try {
      const result = await pool.run('http', regexCheck(), { timeoutMs: 500, address: LOOPBACK })
      expect(result).toMatchObject({
        status: 3,
        output: `http check did not finish within ${(500 + WATCHDOG_GRACE_MS) / 1000} s; its worker was restarted`,
      })
    } finally {
      clearInterval(ticker)
    }
    // The main thread went on all along (about 70 ticks of 50 ms in 3.5 s).
    expect(ticks).toBeGreaterThan(40)
    expect(pool.threads).toBe(1)
  }, 15_000)
})
