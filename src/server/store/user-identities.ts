/**
 * Issue 16 "Cloud directory login": which user an OpenID Connect identity (issuer + subject) logs in as. The
 * first login links it to the one user whose email the provider has verified; later logins follow the link,
 * whatever the email has become. No verified email, or none or several users with it: nobody (SPEC §8 code 4).
 */
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { Database } from './db'
import { now } from './json'
import { writeAuditEvent } from './audit'
import type { CloudIdentity } from '../integrations/oidc'

export async function userForIdentity(db: Kysely<Database>, identity: CloudIdentity) {
  const columns = ['users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.organization_id'] as const
  const linked = await db
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .select(columns)
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject)
    .executeTakeFirst()
  if (linked) return linked
  if (!identity.emailVerified || !identity.email) return undefined
  const matches = await db
    .selectFrom('users')
    .select(columns)
    .where(sql<string>`lower(email)`, '=', identity.email.toLowerCase())
    .limit(2)
    .execute()
  if (matches.length !== 1) return undefined
  const user = matches[0]
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('user_identities')
      .values({ issuer: identity.issuer, subject: identity.subject, user_id: user.id, linked: now() })
      .onConflict((oc) => oc.doNothing())
      .execute()
    const actor = { userId: user.id, username: user.username, fullName: `${user.first_name} ${user.last_name}`.trim() }
    await writeAuditEvent(tx, actor, {
      subject: 'user',
      status: 'LINKED',
      id: user.id,
      name: user.username,
      organizationId: user.organization_id,
      after: { cloud_issuer: identity.issuer, cloud_subject: identity.subject, email: identity.email },
    })
  })
  return user
}
