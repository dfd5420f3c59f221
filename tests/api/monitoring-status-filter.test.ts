/**
 * SPEC §3 "Filter rule value kinds": monitoring status (multi) with the options in_maintenance, has_ticket,
 * is_flapping and in_hard_state, filtered as `monitoring_status` on hosts and resources with equals,
 * not equals, in and not in (SPEC §5 "Conditions by kind"). Runs on SQLite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v))

describe.each(DATABASES)('monitoring status filter on %s', (db) => {
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' } })
  const ids: Record<string, number> = {}
  /** Names of the rows an advanced_filter keeps, within this tenant. */
  const names = async (base: 'hosts' | 'resources', filter: unknown) => {
    const r = await t.api.get(`/api/v1/${base}/?columns=id,name&limit=100&advanced_filter=${q(filter)}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.result.map((x: { name: string }) => x.name).sort()
  }

  beforeAll(async () => {
    for (const name of ['ms-plain', 'ms-maint', 'ms-ticket', 'ms-soft']) {
      ids[name] = (
        await t.api.post('/api/v1/hosts/', {
          name,
          hostgroup_id: t.environmentId,
          check_type: '1',
          max_check_attempts: name === 'ms-soft' ? 3 : 1,
        })
      ).body.id
      ids[`${name}-check`] = (
        await t.api.post('/api/v1/resources/', {
          host_id: ids[name],
          name: `${name}-check`,
          check_type: '1',
          max_check_attempts: name === 'ms-soft' ? 3 : 1,
        })
      ).body.id
    }
    const results = await t.api.post('/api/v1/results', {
      results: ['ms-plain', 'ms-maint', 'ms-ticket', 'ms-soft'].flatMap((name) => [
        { host: name, exit_status: name === 'ms-plain' || name === 'ms-maint' ? 0 : 2, output: 'x' },
        { resource_id: ids[`${name}-check`], exit_status: name === 'ms-plain' || name === 'ms-maint' ? 0 : 2, output: 'x' },
      ]),
    })
    expect(results.status, JSON.stringify(results.body)).toBeLessThan(300)
    // Taken after the set-up: a start in an earlier minute is refused (SPEC §5), and the set-up may cross one.
    const now = Math.floor(Date.now() / 1000)
    const window = { start_time: now, end_time: now + 3600, comment: 'patching', is_flexible: false, duration: 0 }
    expect(
      (await t.api.post(`/api/v1/hosts/${ids['ms-maint']}/downtimes`, { ...window, host_id: ids['ms-maint'], set_to_host_checkbox: true }))
        .status,
    ).toBe(201)
    const onCheck = { ...window, host_id: ids['ms-maint'], resource_id: ids['ms-maint-check'], set_to_host_checkbox: false }
    expect((await t.api.post(`/api/v1/resources/${ids['ms-maint-check']}/downtimes`, onCheck)).status).toBe(201)
    expect((await t.api.post(`/api/v1/hosts/${ids['ms-ticket']}/tickets`, { host_id: ids['ms-ticket'], comment: 'down' })).status).toBe(201)
    expect(
      (
        await t.api.post(`/api/v1/resources/${ids['ms-ticket-check']}/tickets`, {
          resource_id: ids['ms-ticket-check'],
          comment: 'critical',
        })
      ).status,
    ).toBe(201)
    // Flapping is detected by the engine over many results; set it on one host and its check directly.
    await server.vigil.store.db.updateTable('hosts').set({ is_flapping: 1 }).where('id', '=', ids['ms-plain']).execute()
    await server.vigil.store.db.updateTable('resources').set({ is_flapping: 1 }).where('id', '=', ids['ms-plain-check']).execute()
  })

  it('in_maintenance keeps hosts and resources with a maintenance in effect', async () => {
    expect(await names('hosts', [['monitoring_status', 'equals', 'in_maintenance']])).toEqual(['ms-maint'])
    expect(await names('resources', [['monitoring_status', 'equals', 'in_maintenance']])).toEqual(['ms-maint-check'])
  })

  it('has_ticket keeps rows with a ticket', async () => {
    expect(await names('hosts', [['monitoring_status', 'equals', 'has_ticket']])).toEqual(['ms-ticket'])
    expect(await names('resources', [['monitoring_status', 'equals', 'has_ticket']])).toEqual(['ms-ticket-check'])
  })

  it('is_flapping keeps flapping rows', async () => {
    expect(await names('hosts', [['monitoring_status', 'equals', 'is_flapping']])).toEqual(['ms-plain'])
    expect(await names('resources', [['monitoring_status', 'equals', 'is_flapping']])).toEqual(['ms-plain-check'])
  })

  it('in_hard_state keeps rows in a hard state; a first failure of three attempts is soft', async () => {
    expect(await names('hosts', [['monitoring_status', 'not_equals', 'in_hard_state']])).toEqual(['ms-soft'])
    expect(await names('resources', [['monitoring_status', 'equals', 'in_hard_state']])).toEqual([
      'ms-maint-check',
      'ms-plain-check',
      'ms-ticket-check',
    ])
  })

  it('is multi-valued: in keeps rows with any of the options, not in rows with none (SPEC §5 in / not in)', async () => {
    expect(await names('hosts', [['monitoring_status', 'in', ['in_maintenance', 'has_ticket']]])).toEqual(['ms-maint', 'ms-ticket'])
    expect(
      await names('resources', [{ key: 'monitoring_status', operator: 'not_in', value: ['has_ticket', 'is_flapping'], inverted: false }]),
    ).toEqual(['ms-maint-check', 'ms-soft-check'])
  })

  it('refuses an option SPEC §3 does not list, and an operator of another kind', async () => {
    const bad = await t.api.get(`/api/v1/hosts/?advanced_filter=${q([['monitoring_status', 'equals', 'is_stale']])}`)
    expect([bad.status, bad.body.error.key, bad.body.error.extra_info.field]).toEqual([400, 'validation_failed', 'monitoring_status'])
    const op = await t.api.get(`/api/v1/resources/?advanced_filter=${q([['monitoring_status', 'contains', 'has']])}`)
    expect([op.status, op.body.error.key]).toEqual([400, 'unknown_operator'])
  })
})
