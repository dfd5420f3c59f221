/**
 * The timeline's capped count (store/events.ts, SPEC §7 totalresults) reads only an index on SQLite (issue 20,
 * migrations 0041 and 0042): for a customer's environment and for all environments. Reading each counted event's
 * row made the count of 10,001 events cost more than the page of 1,000 (bench/timeline, tenant shape).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Kysely, SqliteDialect } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Database, type Store } from '../../../src/server/store/db'
import { migrateToLatest } from '../../../src/server/store/migrate'
import { listEventsJson } from '../../../src/server/store/events'
import type { Scope } from '../../../src/server/store/scope'

const scopeOf = (environmentIds: number[], serverAdmin = false): Scope => ({
  userId: 1,
  username: 'operator',
  fullName: 'Operator',
  organizationId: 1,
  organizationIds: [1],
  environmentIds,
  orgActions: new Map(),
  envActions: new Map(),
  modules: [],
  serverAdmin,
})

describe('the timeline count on SQLite', () => {
  let dir: string
  let store: Store
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-count-'))
    store = openStore({ kind: 'sqlite', file: path.join(dir, 'vigil.db') })
    await migrateToLatest(store)
  })
  afterAll(async () => {
    await store.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  /** The plan of the count `listEventsJson` runs for `scope` over the past year, as SQLite explains it. */
  async function countPlan(scope: Scope) {
    const counts: { sql: string; parameters: readonly unknown[] }[] = []
    const logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: store.sqlite! }),
      log: (e) => {
        if (e.level === 'query' && e.query.sql.startsWith('SELECT COUNT(*)')) counts.push(e.query)
      },
    })
    const now = Math.floor(Date.now() / 1000)
    const query = { start_time: now - 365 * 86400, end_time: now, no_future_events: true, limit: 1000, offset: 0 }
    await listEventsJson(logged, 'sqlite', scope, query as Parameters<typeof listEventsJson>[3], now)
    expect(counts).toHaveLength(1)
    const plan = store.sqlite!.prepare(`EXPLAIN QUERY PLAN ${counts[0].sql}`).all(...(counts[0].parameters as unknown[]))
    return (plan as { detail: string }[]).map((row) => row.detail).join(' | ')
  }

  it("counts a customer's environment in its index alone", async () => {
    expect(await countPlan(scopeOf([1]))).toMatch(/USING COVERING INDEX events_hostgroup_time/)
  })

  it('counts all environments in the time index alone', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => i + 1)
    expect(await countPlan(scopeOf(ids, true))).toMatch(/USING COVERING INDEX events_time_filter/)
  })
})
