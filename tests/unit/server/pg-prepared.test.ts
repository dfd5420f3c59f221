/**
 * store/pg-prepared.ts (issue 20): hot statements become named prepared statements on PostgreSQL, statements whose
 * plan depends on their values never do, and row counts are written into the text as whole numbers only.
 */
import pg from 'pg'
import { Kysely, PostgresDialect } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, rowCountsInline, withPreparedStatements } from '../../../src/server/store/pg-prepared'

describe('row counts in the text', () => {
  it('writes a whole number and refuses anything else', () => {
    const db = new Kysely<{ t: { id: number } }>({
      dialect: new PostgresDialect({ pool: new pg.Pool() }),
      plugins: [rowCountsInline],
    })
    const { sql, parameters } = db.selectFrom('t').select('id').where('id', '=', 7).limit(50).offset(100).compile()
    expect(sql).toMatch(/limit 50 offset 100$/)
    expect(parameters).toEqual([7])
    for (const bad of [1.5, -1, Number.NaN, 2 ** 60]) expect(() => rowCount(bad)).toThrow(/not a row count/)
  })
})

describe.skipIf(!process.env.PG_URL)('prepared statements on PostgreSQL', () => {
  let pool: pg.Pool
  beforeAll(() => {
    // One connection, so that every statement below runs where pg_prepared_statements is read.
    pool = new pg.Pool({ connectionString: process.env.PG_URL, max: 1 })
  })
  afterAll(() => pool.end())

  type Client = Awaited<ReturnType<ReturnType<typeof withPreparedStatements>['connect']>>
  const preparedTexts = async (client: Client) =>
    (await client.query('SELECT statement FROM pg_prepared_statements')).rows.map((r: { statement: string }) => r.statement)

  it('prepares a statement from its third run on and answers as before', async () => {
    const prepared = withPreparedStatements(pool)
    const client = await prepared.connect()
    try {
      const text = 'SELECT $1::int + 1 AS n'
      const answers = []
      for (let i = 0; i < 5; i++) answers.push((await client.query(text, [i])).rows[0].n)
      expect(answers).toEqual([1, 2, 3, 4, 5])
      expect(await preparedTexts(client)).toContain(text)
    } finally {
      client.release()
    }
  })

  it('never prepares a statement whose plan depends on its values, nor transaction control', async () => {
    const prepared = withPreparedStatements(pool)
    const client = await prepared.connect()
    const valueDependent = [
      "SELECT count(*) AS n FROM pg_class WHERE relname LIKE $1 || '%'",
      'SELECT count(*) AS n FROM pg_class WHERE relpages >= $1',
      'SELECT count(*) AS n FROM pg_class WHERE $1 < relpages',
    ]
    try {
      for (let i = 0; i < 4; i++) {
        await client.query(valueDependent[0], ['pg_'])
        await client.query(valueDependent[1], [0])
        await client.query(valueDependent[2], [0])
        await client.query('BEGIN')
        await client.query('COMMIT')
      }
      const texts = await preparedTexts(client)
      for (const text of [...valueDependent, 'BEGIN']) expect(texts).not.toContain(text)
    } finally {
      client.release()
    }
  })
})
