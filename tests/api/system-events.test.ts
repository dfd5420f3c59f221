/**
 * Issue 5 system events (SPEC §9 event type `system`): the server writes what an administrator cares
 * about — started with its release, stopping, migrations applied, feed bus reconnected. They are about the
 * whole installation, so only server admins see them (issue 13); a customer's administrator never does.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { startServer, DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { login, makeTenant, type Tenant } from '../helpers/api'
import { feed } from '../helpers/feed'
import { RELEASE } from '../../src/shared/constants'

const systemEvents = async (t: Tenant, query = 'types=system&limit=1000') =>
  ((await t.api.get(`/api/v1/events?${query}`)).body.result as any[]).filter((e) => e.type === 'system')

describe.each(DATABASES)('system events on %s', (db) => {
  const {
    server,
    tenants: { administrator, operator, customerAdministrator },
  } = useApiSuite(db, {
    tenants: { administrator: { group: 'administrator', serverAdmin: true }, operator: 'operator', customerAdministrator: 'administrator' },
  })

  it('server admins see the start with its release and the migrations applied, in GET events and events/{id}', async () => {
    const events = await systemEvents(administrator)
    const started = events.find((e) => e.status === 'STARTED')
    expect(started).toMatchObject({
      type: 'system',
      event_class: 'system_event',
      subject_name: 'Vigil',
      hostgroup_id: null,
      extra_data: { release: RELEASE },
    })
    expect(started.message).toContain(RELEASE)
    expect(events.find((e) => e.status === 'MIGRATED')?.extra_data.migrations).toContain('0001_foundation')
    // The global timeline (no type filter) holds them too, and one reads by id.
    expect((await systemEvents(administrator, 'limit=1000')).map((e) => e.id)).toContain(started.id)
    expect((await administrator.api.get(`/api/v1/events/${started.id}`)).body).toMatchObject({ id: started.id, status: 'STARTED' })
  })

  it("everybody else, a customer's administrator included, never sees them: not in lists, not by id", async () => {
    const [started] = await systemEvents(administrator)
    for (const other of [operator, customerAdministrator]) {
      expect(await systemEvents(other)).toEqual([])
      expect(await systemEvents(other, 'limit=1000')).toEqual([])
      const byId = await other.api.get(`/api/v1/events/${started.id}`)
      expect([byId.status, byId.body.error.key]).toEqual([404, 'not_found'])
    }
  })

  it("the feed's system topic is for server admins only", async () => {
    const admins = await feed(server, administrator)
    const others = await feed(server, operator)
    const customer = await feed(server, customerAdministrator)
    try {
      for (const socket of [admins, others, customer]) socket.send({ op: 'subscribe', topics: ['system'] })
      expect(await admins.next((m) => 'op' in m && m.op === 'subscribed')).toMatchObject({ topics: ['system'], refused: [] })
      expect(await others.next((m) => 'op' in m && m.op === 'subscribed')).toMatchObject({ topics: [], refused: ['system'] })
      expect(await customer.next((m) => 'op' in m && m.op === 'subscribed')).toMatchObject({ topics: [], refused: ['system'] })
    } finally {
      for (const socket of [admins, others, customer]) socket.close()
    }
  })

  it('an environment filter or a subject leaves them out: they belong to no environment', async () => {
    expect(await systemEvents(administrator, `environment_filter=${administrator.environmentId}`)).toEqual([])
    expect(await systemEvents(administrator, `hostgroup_id=${administrator.environmentId}`)).toEqual([])
    // The SPEC §5 filter language applies to them as to any event.
    expect(
      (await systemEvents(administrator, `advanced_filter=${encodeURIComponent(JSON.stringify([['status', 'equals', 'STARTED']]))}`)).map(
        (e) => e.status,
      ),
    ).toEqual(['STARTED'])
  })
})

describe('system events across a restart (SQLite file)', () => {
  it('records the stop, the next start, and migrations only when some were applied', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-restart-'))
    const env = { DATABASE_URL: path.join(dir, 'vigil.db'), VIGIL_ADMIN_PASSWORD: 'restart-admin-password' }
    try {
      await (await startServer({ env })).close()
      const again = await startServer({ env })
      try {
        const t = await makeTenant(again, await login(again, 'admin', env.VIGIL_ADMIN_PASSWORD), 'administrator', { serverAdmin: true })
        const statuses = (await systemEvents(t)).map((e) => e.status)
        // Newest first: started, stopping, started, migrated.
        expect(statuses).toEqual(['STARTED', 'STOPPING', 'STARTED', 'MIGRATED'])
      } finally {
        await again.close()
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe.each(DATABASES.filter((d) => d === 'pg'))('feed bus on %s', (db) => {
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: { group: 'administrator', serverAdmin: true } } })
  it('reconnects when its PostgreSQL connection is killed, and says so in a system event', async () => {
    // A server admin's timeline hears of it live, on the feed's system topic.
    const live = await feed(server, t)
    live.send({ op: 'subscribe', topics: ['system'] })
    await live.next((m) => 'op' in m && m.op === 'subscribed')
    const database = (
      await server.vigil.store.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow()
    ).name
    const killer = new pg.Client({ connectionString: process.env.PG_URL })
    await killer.connect()
    const killed = await killer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'vigil-feed-listener'`,
      [database],
    )
    await killer.end()
    expect(killed.rowCount).toBe(1)
    await vi.waitFor(async () => expect((await systemEvents(t)).map((e) => e.status)).toContain('RECONNECTED'), {
      timeout: 10_000,
      interval: 200,
    })
    expect(await live.next((m) => 'kind' in m && m.kind === 'event' && m.type === 'system', 5000)).toMatchObject({
      status: 'RECONNECTED',
      hostgroup_id: null,
    })
    live.close()
  })
})
