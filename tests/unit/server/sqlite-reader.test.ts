/**
 * store/sqlite-reader.ts (issue 20): on SQLite the busiest lists are read on a worker thread's connection, which
 * sees every committed write, refuses writes, and leaves the server's thread free while it reads.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../../src/server/store/db'

describe('the SQLite reader', () => {
  let dir: string
  let store: Store
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-reader-'))
    store = openStore({ kind: 'sqlite', file: path.join(dir, 'vigil.db') })
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)`.execute(store.db)
  })
  afterAll(async () => {
    await store.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('is a connection of its own that sees each write as soon as it is committed', async () => {
    expect(store.reads).not.toBe(store.db)
    for (let i = 1; i <= 3; i++) {
      await sql`INSERT INTO notes (text) VALUES (${`note ${i}`})`.execute(store.db)
      const { rows } = await sql<{ text: string }>`SELECT text FROM notes ORDER BY id`.execute(store.reads)
      expect(rows.map((r) => r.text)).toEqual(Array.from({ length: i }, (_, k) => `note ${k + 1}`))
    }
  })

  it('answers the rows the main connection answers: every kind of value, in select order, a repeated name as SQLite does', async () => {
    const query = sql`SELECT 7 AS id, NULL AS gone, 2.5 AS ratio, 'ä "x"' AS text, x'00ff' AS bytes, 1 AS twice, 2 AS twice
      UNION ALL SELECT 8, 'b', -1, '', x'', 3, 4`
    const [onReader, onMain] = await Promise.all([query.execute(store.reads), query.execute(store.db)])
    expect(onReader.rows).toEqual(onMain.rows)
    expect(Object.keys(onReader.rows[0] as object)).toEqual(['id', 'gone', 'ratio', 'text', 'bytes', 'twice'])
    expect(onReader.rows[1]).toMatchObject({ id: 8, gone: 'b', twice: 4 })
  })

  it('refuses to write', async () => {
    await expect(sql`INSERT INTO notes (text) VALUES ('no')`.execute(store.reads)).rejects.toThrow(/readonly|does not return data/i)
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM notes WHERE text = 'no'`.execute(store.db)
    expect(rows[0].n).toBe(0)
  })

  it("leaves the server's thread free while it reads", async () => {
    // A read of a second or more (counting through a recursive series); timers on this thread keep firing
    // meanwhile. Run on this thread, it would hold every timer for its whole length.
    const started = performance.now()
    const slow = sql<{ n: number }>`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 3000000)
      SELECT COUNT(*) AS n FROM s`.execute(store.reads)
    const ticks: number[] = []
    const timer = setInterval(() => ticks.push(performance.now()), 20)
    const { rows } = await slow
    const took = performance.now() - started
    clearInterval(timer)
    expect(rows[0].n).toBe(3_000_000)
    expect(ticks.length).toBeGreaterThan(5)
    const gaps = [ticks[0] - started, ...ticks.slice(1).map((t, i) => t - ticks[i])]
    expect(Math.max(...gaps)).toBeLessThan(took / 2)
  })

  // The worker is given time to start: a started worker kept the process alive when only Kysely was destroyed.
  it('lets the process end once the store is closed, even when nothing was read', () => {
    // The worker is given time to start: a started worker kept the process alive when only Kysely was destroyed.
    const script = path.join(dir, 'open-and-close.mts')
    fs.writeFileSync(
      script,
      `import { openStore } from ${JSON.stringify(path.resolve('src/server/store/db.ts'))}
      const store = openStore({ kind: 'sqlite', file: ${JSON.stringify(path.join(dir, 'closing.db'))} })
      await new Promise((r) => setTimeout(r, 2000))
      await store.close()`,
    )
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { timeout: 20_000, encoding: 'utf8' })
    expect([run.status, run.signal, run.stderr]).toEqual([0, null, ''])
  }, 30_000)
})
