/**
 * Issue 13 (review L12): preferences (SPEC §3 User, §7 PUT users/current) are bounded in size and keys:
 * beyond PREFERENCES_MAX_BYTES or PREFERENCES_MAX_KEYS the save is validation_failed naming `preferences`
 * and nothing is written.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { PREFERENCES_MAX_BYTES, PREFERENCES_MAX_KEYS } from '../../src/shared/api/users'

describe.each(DATABASES)('preference bounds on %s', (db) => {
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' } })

  const save = (preferences: Record<string, unknown>) => t.api.put('/api/v1/users/current', { preferences })
  const stored = async () =>
    (await server.vigil.store.db.selectFrom('users').select('preferences').where('username', '=', t.username).executeTakeFirstOrThrow())
      .preferences

  it('refuses preferences beyond the key and size bounds without writing anything', async () => {
    expect((await save({ theme: 'darkly', custom_filter_hosts: 'x'.repeat(3000) })).status).toBe(200)
    const before = await stored()
    const manyKeys = Object.fromEntries(Array.from({ length: PREFERENCES_MAX_KEYS }, (_, i) => [`custom_filter_${i}`, true]))
    // Each value is small and allowed on its own; together they pass the size bound.
    const big = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`custom_filter_big_${i}`, 'y'.repeat(PREFERENCES_MAX_BYTES / 32)]))
    const nested = { custom_filter_nested: Array.from({ length: 10_000 }, (_, i) => ({ i, text: 'z'.repeat(20) })) }
    for (const preferences of [manyKeys, big, nested]) {
      const r = await save(preferences)
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'preferences' } })
    }
    expect(await stored()).toBe(before)
    // Within the bounds, a save still merges.
    expect((await save({ custom_filter_more: [1, 2, 3] })).body.preferences).toMatchObject({
      theme: 'darkly',
      custom_filter_more: [1, 2, 3],
    })
  })
})
