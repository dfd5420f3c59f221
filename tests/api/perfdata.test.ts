/**
 * Graph ranges of the SPEC §9 past presets over long series (issue 5): the server reads rollups for the
 * old part and raw points for the recent part, and returns about as many points as asked.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'
import { RAW_KEEP_S, rollUp } from '../../src/server/store/perfdata'

const DAY = 86400

describe.each(DATABASES)('perfdata ranges on %s', (db) => {
  const {
    server,
    addTenant,
    tenants: { a },
  } = useApiSuite(db, { tenants: { a: 'administrator' } })
  let resourceId: number
  const now = Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    const hostId = (await a.api.post('/api/v1/hosts/', { name: uniq('graph-host'), hostgroup_id: a.environmentId, check_type: '1' })).body
      .id
    resourceId = (await a.api.post('/api/v1/resources/', { host_id: hostId, name: 'load', check_type: '1' })).body.id
    // The newest value through the API, so the series exists as the engine makes it.
    expect(
      (
        await a.api.post('/api/v1/results', {
          resource_id: resourceId,
          exit_status: 0,
          output: 'OK',
          perfdata: 'load1=1;4;8;0;',
          time: now - 30,
        })
      ).status,
    ).toBe(200)
    const { id: seriesId } = await server.vigil.store.db
      .selectFrom('perf_series')
      .select('id')
      .where('resource_id', '=', resourceId)
      .executeTakeFirstOrThrow()
    // A year of one-minute data as the engine keeps it: raw minutes for RAW_KEEP_S, 5-minute rollups
    // for 35 days, hourly before that. Values cycle 1..5 by minute, so every rollup combines different
    // values (min 1, avg 3, max 5) and so does every bucket of raw minutes.
    const value = (t: number) => 1 + (Math.floor(t / 60) % 5)
    const raw = []
    for (let t = now - RAW_KEEP_S + 60; t < now - 60; t += 60) raw.push({ series_id: seriesId, t, v: value(t) })
    const rollups = []
    for (let t = Math.floor((now - 35 * DAY) / 300) * 300; t < now - RAW_KEEP_S; t += 300)
      rollups.push({ series_id: seriesId, step: 300, t, min: 1, avg: 3, max: 5, n: 5 })
    for (let t = Math.floor((now - 366 * DAY) / 3600) * 3600; t < now - RAW_KEEP_S; t += 3600)
      rollups.push({ series_id: seriesId, step: 3600, t, min: 1, avg: 3, max: 5, n: 60 })
    const store = server.vigil.store.db
    for (let i = 0; i < raw.length; i += 1000)
      await store
        .insertInto('perf_points')
        .values(raw.slice(i, i + 1000))
        .execute()
    for (let i = 0; i < rollups.length; i += 1000)
      await store
        .insertInto('perf_rollups')
        .values(rollups.slice(i, i + 1000))
        .execute()
  })

  const series = async (span: number, points = 1000) => {
    const started = performance.now()
    const r = await a.api.get(`/api/v1/resources/${resourceId}/perfdata?key=load1&start=${now - span}&end=${now}&points=${points}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return { ...r.body, ms: performance.now() - started } as {
      step: number
      resolution: string
      points: { t: number; min: number; avg: number; max: number }[]
      summary: { min: number; avg: number; max: number; last: number } | null
      ms: number
    }
  }

  it('opens a year of one-minute data in under a second with about 1000 points from hourly rollups', async () => {
    const year = await series(365 * DAY)
    expect(year.ms).toBeLessThan(1000)
    expect(year.resolution).toBe('3600')
    expect(year.points.length).toBeGreaterThan(900)
    expect(year.points.length).toBeLessThanOrEqual(1001)
    expect(year.points.every((p) => p.min <= p.avg && p.avg <= p.max)).toBe(true)
    // The last days come from the raw points: the graph reaches the newest value.
    expect(year.points.at(-1)!.t).toBeGreaterThan(now - year.step - 60)
  })

  it('draws a week from 5-minute rollups and the raw tail, with min/max bands where values were combined', async () => {
    const week = await series(7 * DAY)
    expect([week.resolution, week.step]).toEqual(['300', 900])
    expect(week.points.length).toBeGreaterThan(600)
    expect(week.points.at(-1)!.t).toBeGreaterThan(now - 2 * 900)
    expect(week.points.some((p) => p.min < p.max)).toBe(true)
  })

  it('reads raw points for the presets within the raw keep time (2 hours, 1 day)', async () => {
    const twoHours = await series(2 * 3600, 60)
    expect([twoHours.resolution, twoHours.step]).toEqual(['raw', 120])
    expect(twoHours.points.length).toBeGreaterThanOrEqual(58)
    expect(twoHours.points.length).toBeLessThanOrEqual(61)
    expect((await series(DAY)).resolution).toBe('raw')
  })

  it('tells a missing graph (404 graph_not_found) from a malformed key (400 invalid_perf_data_key) and an owner without data (SPEC §8)', async () => {
    const get = (owner: string, key: string) => a.api.get(`/api/v1/${owner}/perfdata?key=${encodeURIComponent(key)}`)
    const missing = await get(`resources/${resourceId}`, 'load15')
    expect([missing.status, missing.body.error.key, missing.body.error.extra_info]).toEqual([404, 'graph_not_found', { key: 'load15' }])
    for (const key of ['load1\nload5', ' load1', 'load\u00001']) {
      const malformed = await get(`resources/${resourceId}`, key)
      expect([malformed.status, malformed.body.error.key], JSON.stringify(key)).toEqual([400, 'invalid_perf_data_key'])
    }
    // The resource's host check has no performance data at all.
    const { host_id: hostId } = (await a.api.get(`/api/v1/resources/${resourceId}`)).body
    expect((await get(`hosts/${hostId}`, 'load1')).body.error.key).toBe('trending_data_unavailable')
    // Another organization's resource reads as not found, whatever the key.
    const b = await addTenant()
    expect((await b.api.get(`/api/v1/resources/${resourceId}/perfdata?key=load15`)).body.error.key).toBe('resource_check_not_found')
  })

  it('sums up the range for the legend: min, mean weighted by values, max and the newest value (issue 17)', async () => {
    // Raw minutes only: values cycle 1..5, the newest at now - 120 (the API's result at now - 30 has value 1).
    const day = await series(DAY, 100)
    expect(day.summary).toMatchObject({ min: 1, max: 5, last: 1 })
    expect(day.summary!.avg).toBeCloseTo(3, 1)
    // A range older than the raw points: rollups only, the newest is its last rollup's mean.
    const old = await a.api.get(`/api/v1/resources/${resourceId}/perfdata?key=load1&start=${now - 30 * DAY}&end=${now - 10 * DAY}`)
    expect(old.body.summary).toEqual({ min: 1, avg: 3, max: 5, last: 3 })
    const none = await a.api.get(`/api/v1/resources/${resourceId}/perfdata?key=load1&start=${now - 800 * DAY}&end=${now - 700 * DAY}`)
    expect(none.body.summary).toBeNull()
  })

  it('lists each key with the time of its oldest value, rollups included (issue 17 range that fits the data)', async () => {
    const keys = await a.api.get(`/api/v1/resources/${resourceId}/perfdata`)
    const [load1] = keys.body.result
    expect(load1.first_time).toBe(Math.floor((now - 366 * DAY) / 3600) * 3600)
    expect(load1.last_time).toBe(now - 30)
  })

  it('dates young data by its first value, not by the start of the hour its rollup covers', async () => {
    const hostId = (await a.api.post('/api/v1/hosts/', { name: uniq('young-host'), hostgroup_id: a.environmentId, check_type: '1' })).body
      .id
    const results = [100, 90, 80, 70, 60, 50, 40, 30, 20, 10].map((minutes) => ({
      host_id: hostId,
      exit_status: 0,
      output: 'OK',
      perfdata: 'rta=1ms;;;0;',
      time: now - minutes * 60,
    }))
    expect((await a.api.post('/api/v1/results', { results })).status).toBe(200)
    await rollUp(server.vigil.store.db, now, now - 3 * 3600)
    const [rta] = (await a.api.get(`/api/v1/hosts/${hostId}/perfdata`)).body.result
    expect(rta.first_time).toBe(now - 100 * 60)
  })

  it('draws a range without points as an empty graph, not an error (SPEC §2 graphs tabs)', async () => {
    const r = await a.api.get(`/api/v1/resources/${resourceId}/perfdata?key=load1&start=${now - 800 * DAY}&end=${now - 700 * DAY}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.points).toEqual([])
  })
})
