/**
 * The one path for "commit, then publish the deltas" (issue 14): a store write takes the caller's
 * transaction and hands back the feed deltas of what it changed; this runs it and publishes only after the
 * commit, so a rolled-back write never reaches a screen. The bus is anything with `publish` (feed/bus.ts).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { FeedDelta } from '../../shared/feed'

interface Publisher {
  publish(delta: FeedDelta): void
}

/** A store write in the caller's transaction, handing back the deltas of what it changed. */
export type Write<T extends { deltas: FeedDelta[] }> = (tx: Kysely<Database>) => Promise<T>

export async function commitThenPublish<T extends { deltas: FeedDelta[] }>(
  db: Kysely<Database>,
  bus: Publisher,
  write: Write<T>,
): Promise<T> {
  const written = await db.transaction().execute(write)
  for (const d of written.deltas) bus.publish(d)
  return written
}
