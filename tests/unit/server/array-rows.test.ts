/**
 * store/array-rows.ts (issue 19 first paint): rows as arrays in the query's select order, read through SQLite's
 * raw mode (no object per row) and on PostgreSQL as the values of its row objects, with the same answer.
 */
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Database, type Store } from '../../../src/server/store/db'
import { arrayRows } from '../../../src/server/store/array-rows'

type Notes = Kysely<Database & { notes: { id: number; text: string; seen: number | null } }>

const databases = [
  ['SQLite', () => openStore({ kind: 'sqlite', file: ':memory:' })],
  ...(process.env.PG_URL ? [['PostgreSQL', () => openStore({ kind: 'postgres', url: process.env.PG_URL! })] as const] : []),
] as const

describe.each(databases)('arrayRows on %s', (_name, open) => {
  let store: Store
  let db: Notes
  beforeAll(async () => {
    store = open()
    db = store.db as unknown as Notes
    await sql`CREATE TEMPORARY TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL, seen INTEGER)`.execute(db)
    await sql`INSERT INTO notes (id, text, seen) VALUES (1, 'one', NULL), (2, 'two', 5), (3, 'three', 7)`.execute(db)
  })
  afterAll(() => store.close())

  it('gives each row its values in select order, aliases and repeated shapes included', async () => {
    const query = (ids: number[]) => db.selectFrom('notes').select(['seen', 'text as label', 'id']).where('id', 'in', ids).orderBy('id')
    expect(await arrayRows(store.db, query([1, 2, 3]))).toEqual([
      [null, 'one', 1],
      [5, 'two', 2],
      [7, 'three', 3],
    ])
    // The same text with other values, as a map's batches run it (a kept statement on SQLite).
    expect(await arrayRows(store.db, query([2, 9]))).toEqual([[5, 'two', 2]])
  })

  it("leaves the store's object rows as they were", async () => {
    await arrayRows(store.db, db.selectFrom('notes').select(['id', 'text']).where('id', '=', 1))
    expect(await db.selectFrom('notes').select(['id', 'text']).where('id', '=', 1).execute()).toEqual([{ id: 1, text: 'one' }])
  })
})
