/**
 * Migration 0048: each asset section belongs to the resource that collected it. Sections stored before go to the
 * host's inventory check (SNMP or Checkmk); a host with none loses them and its asset link, as nothing refreshes them.
 */
import { describe, expect, it } from 'vitest'
import { atMigration, oldResource, OLD_TIME as t } from '../helpers/migration'

describe('migration 0048 on sqlite', () => {
  it('gives stored sections to the host inventory check', () =>
    atMigration('0047_checkmk_agent_check', async ({ db, environmentId, hostId, upgrade }) => {
      const other = await db
        .insertInto('hosts')
        .values({ name: 'no-inventory', hostgroup_id: environmentId, created_time: t, updated_time: t, has_asset_data: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db.updateTable('hosts').set({ has_asset_data: 1 }).where('id', '=', hostId).execute()
      const resource = (host: number, name: string, kind: string, config: string) => oldResource(host, environmentId, name, kind, config)
      await db
        .insertInto('resources')
        .values([
          resource(hostId, 'Checkmk agent', 'checkmk-agent', '{}'),
          resource(hostId, 'Inventory', 'checkmk-agent', '{"inventory":true}'),
          resource(other.id, 'Ping', 'ping', '{}'),
        ])
        .execute()
      const section = (host_id: number, section: string) => ({ host_id, section, rows: `[{"name":"${section}"}]`, updated_at: t })
      await db
        .insertInto('host_assets')
        .values([section(hostId, 'system'), section(hostId, 'os'), section(other.id, 'system')])
        .execute()
      await upgrade()
      const rows = await db
        .selectFrom('host_asset_rows as a')
        .innerJoin('resources as r', 'r.id', 'a.resource_id')
        .select(['a.host_id', 'r.display_name', 'a.section', 'a.rows'])
        .orderBy('a.section')
        .execute()
      expect(rows).toEqual([
        { host_id: hostId, display_name: 'Inventory', section: 'os', rows: '[{"name":"os"}]' },
        { host_id: hostId, display_name: 'Inventory', section: 'system', rows: '[{"name":"system"}]' },
      ])
      const flags = await db.selectFrom('hosts').select(['name', 'has_asset_data']).orderBy('id').execute()
      expect(flags).toEqual([
        { name: 'old-host', has_asset_data: 1 },
        { name: 'no-inventory', has_asset_data: 0 },
      ])
    }))
})
