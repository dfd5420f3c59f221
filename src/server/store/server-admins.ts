/**
 * Issue 13 "Server admins": a server-wide role for the people who run the installation, apart from SPEC §6's
 * authorization groups. Only server admins grant or revoke it, and the last one cannot be revoked, so the
 * installation always has someone who can.
 */
import { sql } from 'kysely'
import type { Store } from './db'
import { invalidateScopes, type Scope } from './scope'
import { writeAuditEvent } from './audit'
import { ApiError } from '../../shared/errors'

export async function setServerAdmin({ db, dialect }: Store, scope: Scope, userId: number, serverAdmin: boolean) {
  if (!scope.serverAdmin) throw new ApiError('unauthorized', { action: 'server_admin' })
  const user = await db.transaction().execute(async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select(['id', 'username', 'organization_id', 'server_admin'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!user) throw new ApiError('user_not_found', { id: userId })
    if ((user.server_admin === 1) === serverAdmin) return user
    if (!serverAdmin) {
      // PostgreSQL: two revokes at once wait for each other here, so they cannot both pass the count.
      if (dialect === 'postgres') await sql`SELECT id FROM users WHERE server_admin = 1 FOR UPDATE`.execute(tx)
      const admins = await tx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('server_admin', '=', 1)
        .executeTakeFirstOrThrow()
      if (Number(admins.n) <= 1)
        throw new ApiError('invalid_operation', { field: 'server_admin', reason: 'the last server admin cannot be revoked' })
    }
    await tx
      .updateTable('users')
      .set({ server_admin: serverAdmin ? 1 : 0 })
      .where('id', '=', userId)
      .execute()
    await writeAuditEvent(tx, scope, {
      subject: 'user',
      status: serverAdmin ? 'GRANTED' : 'REVOKED',
      id: user.id,
      name: user.username,
      organizationId: user.organization_id,
      before: { server_admin: user.server_admin === 1 },
      after: { server_admin: serverAdmin },
    })
    return { ...user, server_admin: serverAdmin ? 1 : 0 }
  })
  invalidateScopes()
  return { id: user.id, username: user.username, server_admin: user.server_admin === 1 }
}
