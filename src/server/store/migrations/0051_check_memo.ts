/**
 * What a check keeps for its next run (CheckResult.memo: a Checkmk agent's CPU counters) lived only in the engine's
 * memory, so after a restart, or a host taken over by another process (issue 20), the first run had no rate: a host
 * at 100 % CPU read "CPU utilisation from the next check on", OK, and its problem recovered and came back. Kept
 * per host and resource now, written only by the results that carry one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  for (const table of ['hosts', 'resources'])
    await db.schema
      .alterTable(table)
      .addColumn('check_memo', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['hosts', 'resources']) await db.schema.alterTable(table).dropColumn('check_memo').execute()
}
