/**
 * Checks run in worker threads (src/server/engine/pool.ts, issue 3 "Figures"): the main thread keeps
 * scheduling and writes while the sockets' work happens elsewhere. Same results, same timeouts, and a
 * prompt stop.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createCheckPool, type CheckPool } from '../../src/server/engine/pool'
import { checkKinds, runCheck } from '../../src/server/engine/checks'
import { closedPort, LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

describe('check worker pool', () => {
  let open: Listening
  let silent: Listening
  let pool: CheckPool
  const failures: unknown[] = []
  beforeAll(async () => {
    open = await tcpServer(() => {})
    // Accepts and never answers: a check expecting a banner waits until its timeout.
    silent = await tcpServer(() => {})
  })
  afterEach(() => pool?.stop())
  afterAll(async () => {
    await open.close()
    await silent.close()
  })
  const newPool = () => (pool = createCheckPool({ size: 1, onError: (err) => failures.push(err) }))

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
    expect(result).toMatchObject({ status: 2, output: `TCP CRITICAL - timed out after 0.3 s waiting for a response from ${LOOPBACK} port ${silent.port}` })
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
})
