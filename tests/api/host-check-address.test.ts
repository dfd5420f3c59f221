/**
 * A host's checks go where the host is now: its default ping follows a new IP address and the host options as they
 * are (SPEC §3 Host ip_address, else hostname; host options `high_latency` and `dyndns`). The ping stored the address
 * it was made with, so a host given a new address went on being pinged at the old one (migration 0050).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { makeTenant, uniq, type Tenant } from '../helpers/api'
import { atMigration } from '../helpers/migration'
import { HIGH_LATENCY_PING } from '../../src/shared/host-tags'

describe.each(DATABASES)('where a host is checked, on %s', (db) => {
  const ctx = useApiSuite(db)
  let engineer: Tenant
  /** what the running engine checks for the host: the address and the ping's configuration */
  const checked = (type: 'h' | 'r', id: number) => {
    const target = ctx.server.vigil.engine.targets.get(`${type}:${id}`)!
    const config = target.config as Record<string, unknown>
    // A configuration that names no host checks the target's address (SPEC §3 Host ip_address).
    return { address: target.address, config, pinged: config.host ?? target.address }
  }
  const create = async (body: Record<string, unknown>) => {
    const r = await engineer.api.post('/api/v1/hosts/', { name: uniq('h'), hostgroup_id: engineer.environmentId, ...body })
    expect(r.status).toBe(201)
    return r.body.id as number
  }
  const edit = async (id: number, body: Record<string, unknown>) =>
    expect((await engineer.api.put(`/api/v1/hosts/${id}`, body)).status).toBe(200)

  beforeAll(async () => {
    engineer = await makeTenant(ctx.server, ctx.admin, 'engineer')
  })

  it('pings a host at its new IP address once the address is changed', async () => {
    const id = await create({ ip_address: '192.0.2.7' })
    expect(checked('h', id).pinged).toBe('192.0.2.7')
    await edit(id, { ip_address: '192.0.2.8' })
    expect(checked('h', id).pinged).toBe('192.0.2.8')
  })

  it('applies high_latency when the tag is added later and drops it when removed; levels set on the check win', async () => {
    const id = await create({ ip_address: '192.0.2.9' })
    expect(checked('h', id).config).not.toMatchObject(HIGH_LATENCY_PING)
    await edit(id, { tags: ['high_latency'] })
    expect(checked('h', id).config).toMatchObject(HIGH_LATENCY_PING)
    await edit(id, { tags: [] })
    expect(checked('h', id).config).not.toMatchObject(HIGH_LATENCY_PING)
    const own = await create({ ip_address: '192.0.2.10', tags: ['high_latency'], check: { kind: 'ping', config: { warn_rta_ms: 900 } } })
    expect(checked('h', own).config).toEqual({ packets: 5, warn_rta_ms: 900 })
  })

  it('checks a dyndns host and its resources at its name, not at the address it once had', async () => {
    const id = await create({ ip_address: '192.0.2.11', fqdn: 'home.example.net', hosttype: 'linux' })
    const [ssh] = (await engineer.api.get(`/api/v1/resources/?filter=${encodeURIComponent(JSON.stringify({ host_id: id }))}`)).body.result
    expect([checked('h', id).address, checked('r', ssh.id).address]).toEqual(['192.0.2.11', '192.0.2.11'])
    await edit(id, { tags: ['dyndns'] })
    expect([checked('h', id).address, checked('r', ssh.id).address]).toEqual(['home.example.net', 'home.example.net'])
  })
})

describe('migration 0050 on sqlite', () => {
  it('lets the pings that copied their host’s address follow it, and keeps the ones pointed elsewhere', () =>
    atMigration('0049_delayed_notifications', async ({ db, hostId, environmentId, upgrade }) => {
      const t = 1_700_000_000
      const host = (name: string, ip_address: string, check_config: string) => ({
        name,
        hostgroup_id: environmentId,
        ip_address,
        check_kind: 'ping',
        check_config,
        created_time: t,
        updated_time: t,
      })
      await db
        .updateTable('hosts')
        .set({ ip_address: '192.0.2.1', check_kind: 'ping', check_config: '{"host":"192.0.2.1"}' })
        .where('id', '=', hostId)
        .execute()
      await db
        .insertInto('hosts')
        .values([
          host('slow', '192.0.2.2', '{"host":"192.0.2.2","warn_rta_ms":6000,"crit_rta_ms":10000}'),
          host('moved', '192.0.2.3', '{"host":"192.0.2.99"}'),
          host('own-levels', '192.0.2.4', '{"host":"192.0.2.4","warn_rta_ms":500}'),
        ])
        .execute()
      await upgrade()
      expect(await db.selectFrom('hosts').select(['name', 'check_config']).orderBy('id').execute()).toEqual([
        { name: 'old-host', check_config: '{}' },
        { name: 'slow', check_config: '{}' },
        { name: 'moved', check_config: '{"host":"192.0.2.99"}' },
        { name: 'own-levels', check_config: '{"host":"192.0.2.4","warn_rta_ms":500}' },
      ])
    }))
})
