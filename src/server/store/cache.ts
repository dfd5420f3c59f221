/**
 * Caches owned by one database. Ids repeat between databases (tests and benchmarks run several servers in one
 * process), so a cache shared by the process would answer one database's reads with another's rows.
 */
import { LRUCache } from 'lru-cache'
import type { Kysely } from 'kysely'
import type { Database } from './db'

/**
 * A cache kind with `options` (max, ttl, …), one LRUCache per database: `const docs = perDatabaseCache<K, V>({ max: 200 })`,
 * then `docs(db).get(key)`. A database's transactions share its adapter, so `docs(tx)` is the database's cache
 * too; a closed database's caches go with it (WeakMap).
 */
export function perDatabaseCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: LRUCache.Options<K, V, unknown>,
): (db: Kysely<Database>) => LRUCache<K, V> {
  const byDatabase = new WeakMap<object, LRUCache<K, V>>()
  return (db) => {
    const owner = db.getExecutor().adapter
    let cache = byDatabase.get(owner)
    if (!cache) byDatabase.set(owner, (cache = new LRUCache<K, V>(options)))
    return cache
  }
}
