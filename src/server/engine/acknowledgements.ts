/**
 * Acknowledgement expiry (issue 17 "expiry time"): the timer sleeps until the next acknowledgement in effect
 * expires and ends it then, with an EXPIRED event; ending at state changes happens in the result transaction
 * (store/acknowledgements.ts endAcknowledgements).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../store/db'
import type { FeedDelta } from '../../shared/feed'
import { expireAcknowledgements } from '../store/acknowledgements'
import { createDueTimer } from './due-timer'

interface ExpiryTimerDeps {
  db: Kysely<Database>
  publish(deltas: FeedDelta[]): void
  onError(err: unknown): void
}

export function createAcknowledgementExpiry({ db, publish, onError }: ExpiryTimerDeps) {
  return createDueTimer({
    onError,
    async tick() {
      const { deltas, next } = await db.transaction().execute((tx) => expireAcknowledgements(tx, Math.floor(Date.now() / 1000)))
      publish(deltas)
      return next ?? Infinity
    },
  })
}
