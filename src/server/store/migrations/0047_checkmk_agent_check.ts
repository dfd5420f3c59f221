/**
 * The check_mk access method's check reads the Checkmk agent (`checkmk-agent`) where it only opened its TCP port
 * before: the resources that check created keep their history and turn into the new check.
 */
import type { Kysely } from 'kysely'

const PLANNED_TCP = JSON.stringify({ port: 6556 })

export async function up(db: Kysely<any>) {
  await db
    .updateTable('resources')
    .set({ check_kind: 'checkmk-agent', check_config: '{}' })
    .where('check_kind', '=', 'tcp')
    .where('display_name', '=', 'Checkmk agent')
    .where('check_config', '=', PLANNED_TCP)
    .execute()
}

export async function down(db: Kysely<any>) {
  await db
    .updateTable('resources')
    .set({ check_kind: 'tcp', check_config: PLANNED_TCP })
    .where('check_kind', '=', 'checkmk-agent')
    .where('display_name', '=', 'Checkmk agent')
    .where('check_config', '=', '{}')
    .execute()
}
