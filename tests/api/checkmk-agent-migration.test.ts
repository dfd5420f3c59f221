/**
 * Migration 0047: the `Checkmk agent` resources the check_mk access method created when it only opened the agent's
 * TCP port become `checkmk-agent` checks on upgrade, keeping their rows (and so their history); a TCP check a user
 * set up or changed stays as it is.
 */
import { describe, expect, it } from 'vitest'
import { atMigration, oldResource } from '../helpers/migration'

describe('migration 0047 on sqlite', () => {
  it('turns the planned agent port checks into Checkmk agent checks', () =>
    atMigration('0046_host_assets', async ({ db, environmentId, hostId, upgrade }) => {
      const resource = (name: string, config: string) => oldResource(hostId, environmentId, name, 'tcp', config)
      await db
        .insertInto('resources')
        .values([
          resource('Checkmk agent', '{"port":6556}'),
          resource('Agent port', '{"port":6556}'),
          resource('Checkmk agent 2', '{"port":6557}'),
        ])
        .execute()
      await upgrade()
      const rows = await db.selectFrom('resources').select(['display_name', 'check_kind', 'check_config']).orderBy('id').execute()
      expect(rows).toEqual([
        { display_name: 'Checkmk agent', check_kind: 'checkmk-agent', check_config: '{}' },
        { display_name: 'Agent port', check_kind: 'tcp', check_config: '{"port":6556}' },
        { display_name: 'Checkmk agent 2', check_kind: 'tcp', check_config: '{"port":6557}' },
      ])
    }))
})
