/** Issue 20: the probe's disk buffer keeps results in check order across a restart and drops only what was sent. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openBuffer } from '../../../src/probe/buffer'
import { backOff } from '../../../src/probe/link'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

const result = (id: number, at: number) => ({ type: 'resource' as const, id, at, status: 0 as const, output: `OK ${id}`, perfdata: [] })

describe('probe buffer', () => {
  it('hands results back oldest first, keeps them over a restart, and drops only up to what was sent', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-buffer-'))
    dirs.push(dir)
    const file = path.join(dir, 'buffer.db')
    let buffer = openBuffer(file)
    for (let i = 1; i <= 5; i++) buffer.push(result(i, 1000 + i))
    const first = buffer.peek(2)
    expect(first.results.map((r) => r.id)).toEqual([1, 2])
    buffer.drop(first.upTo)
    buffer.close()

    buffer = openBuffer(file)
    expect(buffer.stats()).toEqual({ queued: 3, oldestAt: 1003 })
    expect(buffer.peek(10).results).toEqual([result(3, 1003), result(4, 1004), result(5, 1005)])
    buffer.dropOlderThan(1005)
    expect(buffer.peek(10).results.map((r) => r.id)).toEqual([5])
    buffer.close()
  })

  it('cuts a batch of large results (configurations) by size, but always hands one back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-buffer-'))
    dirs.push(dir)
    const buffer = openBuffer(path.join(dir, 'buffer.db'))
    const big = (id: number) => ({ ...result(id, 1000 + id), configuration: 'x'.repeat(600_000) })
    for (let i = 1; i <= 4; i++) buffer.push(big(i))
    expect(buffer.peek(500, 1_000_000).results.map((r) => r.id)).toEqual([1])
    expect(buffer.peek(500, 2_000_000).results.map((r) => r.id)).toEqual([1, 2, 3])
    expect(buffer.peek(500, 10).results.map((r) => r.id)).toEqual([1])
    expect(buffer.peek(500).results).toHaveLength(4)
    buffer.close()
  })

  it('keeps the assigned checks over a restart, except those carrying secrets', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-buffer-'))
    dirs.push(dir)
    const file = path.join(dir, 'buffer.db')
    const check = (id: number, secrets?: Record<string, string>) => ({
      type: 'host' as const,
      id,
      host_id: id,
      organization_id: 1,
      schedule: { check_interval: 60, retry_interval: 10, max_check_attempts: 3 },
      state: { status: null, state_type: 'HARD' as const, current_attempt: 1, last_check: null, next_check: null },
      run: { kind: 'snmp', config: {}, timeout_ms: 1000, address: '10.0.0.1', host_name: 'h', policy: null, secrets },
    })
    let buffer = openBuffer(file)
    buffer.saveChecks([check(1), check(2, { community: 'private' })])
    buffer.close()
    buffer = openBuffer(file)
    expect(buffer.savedChecks().map((c) => c.id)).toEqual([1])
    expect(JSON.stringify(buffer.savedChecks())).not.toContain('private')
    buffer.close()
  })

  it('waits longer after each failure, up to the maximum', () => {
    const waits = [0, 1, 2, 3, 10].map((n) => backOff(n, 100, 1000))
    expect(waits[0]).toBeGreaterThanOrEqual(50)
    expect(waits[0]).toBeLessThanOrEqual(100)
    expect(waits[3]).toBeGreaterThanOrEqual(400)
    expect(waits[4]).toBeLessThanOrEqual(1000)
    expect(waits[4]).toBeGreaterThanOrEqual(500)
  })
})
