/**
 * Issue 13 "Targets": whether a server admin last saved a host's or resource's check and target. Only such
 * checks may reach loopback, link-local, cloud metadata, the server's own addresses or networks outside the
 * organization's allowed targets. New rows are untrusted unless the code saving them says otherwise; rows
 * that exist at upgrade time are trusted, so an upgrade does not stop checks that ran until then (a server
 * admin reviews them; any later change by someone else clears the flag).
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  for (const table of ['hosts', 'resources']) {
    await db.schema
      .alterTable(table)
      .addColumn('check_trusted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await sql`UPDATE ${sql.table(table)} SET check_trusted = 1`.execute(db)
  }
}

export async function down(db: Kysely<any>) {
  for (const table of ['hosts', 'resources']) await db.schema.alterTable(table).dropColumn('check_trusted').execute()
}
