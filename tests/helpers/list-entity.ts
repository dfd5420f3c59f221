/** An in-memory SQLite and a small list entity of every column kind, for unit tests of SPEC §5 filter → SQL. */
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { EntityDef } from '../../src/server/store/list'

export const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) })

export const def: EntityDef<any, any> = {
  from: 't',
  select: 't.*',
  scopeColumn: 't.env',
  scopeIds: (s) => s.environmentIds,
  fields: ['id'],
  defaultOrder: [],
  toApi: (r) => r,
  columns: {
    name: { expr: 't.name', kind: 'text' },
    n: { expr: 't.n', kind: 'integer' },
    at: { expr: 't.at', kind: 'date' },
    state: { expr: 't.state', kind: 'enum', numeric: { up: 0, down: 1 } },
    flag: { expr: 't.flag', kind: 'boolean' },
  },
}
