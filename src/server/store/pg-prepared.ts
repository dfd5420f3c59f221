/**
 * Named prepared statements for the store's hot queries on PostgreSQL. Kysely sends every query unnamed, so
 * PostgreSQL parses, analyses and plans it again each time: under bench/load (issue 20) planning took a third of
 * PostgreSQL's time (pg_stat_statements with track_planning), and PostgreSQL shares the cores with the server.
 * A text run HOT_AFTER times gets a name; each connection prepares it once and then only binds and executes it,
 * and PostgreSQL keeps a generic plan when that costs no more than planning each call (row counts are written
 * into the text for it: rowCount).
 *
 * IN lists of every length and pages at every offset make new texts: names are kept for the NAMED_MAX texts
 * used last, and a connection is replaced after CONNECTION_USES queries (the pool's maxUses), which drops the
 * statements it prepared for texts no longer used.
 *
 * A text that compares a parameter by range (a time window) or by pattern (LIKE, a regular expression) stays
 * unnamed: how many rows it matches depends on the values, which a generic plan cannot see. A generic plan of
 * the events page guessed ten rows in a day's window and sorted 6,000 events instead of reading the time index
 * to the page's end (0.1 → 13.9 ms, EXPLAIN ANALYZE EXECUTE).
 */
import type pg from 'pg'
import { LRUCache } from 'lru-cache'
import { LimitNode, OffsetNode, OperationNodeTransformer, ValueNode, sql, type KyselyPlugin, type OperationNode } from 'kysely'

const HOT_AFTER = 3
const NAMED_MAX = 500
const COUNTED_MAX = 5_000
export const CONNECTION_USES = 50_000
const VALUE_DEPENDENT = /\b(I?LIKE|SIMILAR TO|BETWEEN)\b|~|[<>]=?\s*\$\d|\$\d+\s*[<>]/i
/** Only statements that read or write rows; transaction control and DDL stay unnamed. */
const ROW_STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i

/** The part of pg.Pool that Kysely's PostgresDialect uses, handing out clients whose hot queries are named. */
export function withPreparedStatements(pool: pg.Pool) {
  const seen = new LRUCache<string, number>({ max: COUNTED_MAX })
  const names = new LRUCache<string, string>({ max: NAMED_MAX })
  let made = 0
  const nameOf = (text: string) => {
    const named = names.get(text)
    if (named) return named
    const times = (seen.get(text) ?? 0) + 1
    if (times < HOT_AFTER || !ROW_STATEMENT.test(text) || VALUE_DEPENDENT.test(text)) {
      seen.set(text, times)
      return undefined
    }
    seen.delete(text)
    // A new name each time: a connection may still hold an evicted text's statement under its old name.
    const name = `vigil_${++made}`
    names.set(text, name)
    return name
  }
  const wrapped = new WeakMap<pg.PoolClient, { query: pg.PoolClient['query']; release: () => void }>()
  const wrap = (client: pg.PoolClient) => {
    let w = wrapped.get(client)
    if (!w) {
      const query = (text: string, values?: unknown[]) => client.query({ text, values, name: nameOf(text) })
      w = { query: query as pg.PoolClient['query'], release: () => client.release() }
      wrapped.set(client, w)
    }
    return w
  }
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  }
}

/**
 * A row count (LIMIT, OFFSET) written into the text. As a parameter, a generic plan cannot see it and assumes a
 * tenth of the matches are wanted, which favours reading them all and sorting over walking the sort index to the
 * page's end. Only a whole number reaches the text.
 */
export function rowCount(n: number) {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`)
  return sql.lit(n)
}

/** rowCount for the query builder's `.limit()` and `.offset()`. */
class RowCountsInline extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    return LimitNode.create(inline(node.limit))
  }
  protected override transformOffset(node: OffsetNode): OffsetNode {
    return OffsetNode.create(inline(node.offset))
  }
}
const inline = (node: OperationNode) =>
  ValueNode.is(node) && !node.immediate && typeof node.value === 'number' ? rowCount(node.value).toOperationNode() : node

export const rowCountsInline: KyselyPlugin = {
  transformQuery: ({ node }) => new RowCountsInline().transformNode(node),
  transformResult: async ({ result }) => result,
}
