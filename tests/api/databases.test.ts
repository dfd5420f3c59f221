/**
 * The API suites run on SQLite always and on PostgreSQL when PG_URL is set (helpers/server.ts DATABASES).
 * Without PG_URL this test is skipped with that reason, so a summary says that PostgreSQL was not covered.
 */
import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { DATABASES, startServer } from '../helpers/server'

describe('API suites on PostgreSQL', () => {
  it('run on a fresh PostgreSQL database of their own when PG_URL is set', async (ctx) => {
    ctx.skip(!DATABASES.includes('pg'), 'no PostgreSQL: PG_URL unset, the API suites ran on SQLite only')
    const server = await startServer({ db: 'pg' })
    try {
      expect(server.config.database.kind).toBe('postgres')
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.vigil.store.db)
      expect(rows[0].name).toMatch(/^vigil_test_/)
    } finally {
      await server.close()
    }
  })
})
