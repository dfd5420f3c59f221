/**
 * Issue 13 "Targets", migration 0014: hosts and resources that exist when a server upgrades keep being
 * checked as before (trusted); rows written afterwards are untrusted unless a server admin saved them.
 */
import { describe, expect, it } from 'vitest'
import { atMigration, OLD_TIME as t } from '../helpers/migration'

describe('migration 0014 on sqlite', () => {
  it('trusts the checks that existed before the upgrade, and no row written later by default', () =>
    atMigration('0011_server_admins', async ({ db, environmentId, hostId, upgrade }) => {
      await db
        .insertInto('resources')
        .values({ host_id: hostId, hostgroup_id: environmentId, name: 'r', display_name: 'r', created_time: t, updated_time: t })
        .execute()
      await upgrade()
      expect(await db.selectFrom('hosts').select('check_trusted').execute()).toEqual([{ check_trusted: 1 }])
      expect(await db.selectFrom('resources').select('check_trusted').execute()).toEqual([{ check_trusted: 1 }])
      await db.insertInto('hosts').values({ name: 'new-host', hostgroup_id: environmentId, created_time: t, updated_time: t }).execute()
      expect(
        (await db.selectFrom('hosts').select('check_trusted').where('name', '=', 'new-host').executeTakeFirstOrThrow()).check_trusted,
      ).toBe(0)
    }))
})
