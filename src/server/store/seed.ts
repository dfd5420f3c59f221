/**
 * First start: the first administrator (`VIGIL_ADMIN_USER`, default `admin`; administrator of everything and a
 * server admin), one organization and its environment "Local", so the UI is not empty. Runs once: only when
 * there are no users.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { hashPassword, randomPassword, type ScryptParams } from '../security/password'
import { now } from './json'
import { createUser } from './users'
import { FIRST_START_HOST } from '../../shared/constants'

export async function seedFirstStart(
  db: Kysely<Database>,
  adminUser: string,
  adminPassword: string | undefined,
  scrypt: ScryptParams,
): Promise<{ generatedPassword: string | null } | null> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (any) return null
  const password = adminPassword ?? randomPassword()
  const hash = await hashPassword(password, scrypt)
  const t = now()
  await db.transaction().execute(async (tx) => {
    const org = await tx
      .insertInto('organizations')
      .values({
        name: 'Local',
        alias: 'Local',
        legal_name: '',
        is_msp: 1,
        msp_parent_id: null,
        contract_expiration: null,
        customer_since: t,
        created_time: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await tx.insertInto('hostgroups').values({ name: 'Local', alias: 'Local', organization_id: org.id, created_time: t }).execute()
    await createUser(tx, {
      username: adminUser,
      passwordHash: hash,
      organizationId: org.id,
      group: 'administrator',
      serverAdmin: true,
      names: { first_name: 'Vigil', last_name: 'Administrator', role: 'administrator' },
    })
  })
  return { generatedPassword: adminPassword ? null : password }
}

/**
 * Real hosts that work on any machine, added on first start to "Local" (issue 3, README "First start"):
 * `localhost` (ping 127.0.0.1) with the Vigil server itself (HTTP where it listens, `web`) and a DNS lookup
 * through this machine's resolver. Without `web` (an engine-only process, or a port chosen at listen) the
 * server is not checked: a check that cannot reach it would show a problem on a sound installation.
 */
export async function seedLocalHosts(db: Kysely<Database>, web: { host: string; port: number } | null, resolver: string | null) {
  const env = await db.selectFrom('hostgroups').select('id').where('name', '=', 'Local').executeTakeFirst()
  if (!env || (await db.selectFrom('hosts').select('id').limit(1).executeTakeFirst())) return
  const t = now()
  // Saved by the installation itself, for its server admins: they may reach loopback (issue 13 "Targets").
  const base = { hostgroup_id: env.id, created_time: t, updated_time: t, next_check: t, check_trusted: 1 }
  await db.transaction().execute(async (tx) => {
    const host = await tx
      .insertInto('hosts')
      .values({
        ...base,
        name: FIRST_START_HOST,
        alias: 'This machine',
        fqdn: 'localhost',
        ip_address: '127.0.0.1',
        hosttype: 'linux',
        description: 'The machine Vigil runs on',
        check_kind: 'ping',
        check_config: JSON.stringify({ packets: 3 }),
        check_interval: 60,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const resource = { ...base, host_id: host.id, host_name: FIRST_START_HOST, check_interval: 60 }
    const resources = [
      web && {
        ...resource,
        name: 'vigil_http',
        display_name: 'Vigil web server',
        plugin_id: 'http',
        check_kind: 'http',
        check_config: JSON.stringify({ host: web.host, port: web.port, path: '/version.json', content: '"release"' }),
      },
      resolver && {
        ...resource,
        name: 'dns_resolver',
        display_name: 'DNS resolver',
        plugin_id: 'dns',
        check_kind: 'dns',
        check_interval: 300,
        check_config: JSON.stringify({ name: 'example.com', server: resolver }),
      },
    ].filter((r) => !!r)
    if (resources.length) await tx.insertInto('resources').values(resources).execute()
  })
}

/** Where the first start's check reaches this server: its listen address (any address: loopback), if it listens. */
export function ownWebAddress(config: { host: string; port: number; role: string }): { host: string; port: number } | null {
  if (config.role === 'engine' || config.port === 0) return null
  return { host: ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host, port: config.port }
}

/** The first nameserver of /etc/resolv.conf, the resolver this machine uses. */
export function systemResolver(resolvConf: string): string | null {
  const m = /^\s*nameserver\s+([0-9a-fA-F.:]+)/m.exec(resolvConf)
  return m ? m[1] : null
}
