/**
 * First start: the `admin` user (administrator of everything), one organization and its environment
 * "Local", so the UI is not empty. Runs once: only when there are no users.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { hashPassword, randomPassword } from '../security/password'
import { now } from './json'

export async function seedFirstStart(db: Kysely<Database>, adminPassword: string | undefined): Promise<{ generatedPassword: string | null } | null> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (any) return null
  const password = adminPassword ?? randomPassword()
  const hash = await hashPassword(password)
  const t = now()
  await db.transaction().execute(async (tx) => {
    const org = await tx.insertInto('organizations').values({ name: 'Local', alias: 'Local', legal_name: '', is_msp: 1, msp_parent_id: null, contract_expiration: null, customer_since: t, created_time: t })
      .returning('id').executeTakeFirstOrThrow()
    await tx.insertInto('hostgroups').values({ name: 'Local', alias: 'Local', organization_id: org.id, created_time: t }).execute()
    const user = await tx.insertInto('users').values({ username: 'admin', first_name: 'Vigil', last_name: 'Administrator', email: '', role: 'administrator', password_hash: hash, organization_id: org.id, preferences: '{}', member_since: t, failed_logins: 0 })
      .returning('id').executeTakeFirstOrThrow()
    await tx.insertInto('user_rights').values({ user_id: user.id, organization_id: org.id, hostgroup_id: null, authorization_group: 'administrator' }).execute()
  })
  return { generatedPassword: adminPassword ? null : password }
}
