/**
 * Issue 13 "500s from input": the SPEC §7 list protocol names columns only from each entity's own
 * allow-list, so inherited keys (`constructor`, `toString`, `__proto__`) answer SPEC §8 `columns_not_allowed`,
 * and or-groups nested past the bound answer `validation_failed`, in the query and in POST bodies, never 500.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { MAX_OR_DEPTH } from '../../src/shared/filter'

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v))
const LISTS = ['hosts', 'resources', 'organizations', 'hostgroups', 'environments', 'maps', 'risks', 'slideshows']
const GROUPED = ['hosts', 'resources', 'organizations', 'hostgroups', 'environments', 'maps', 'risks']
const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']

/** `depth` or-groups around one rule, as JSON text (JSON.stringify itself overflows at 100,000). */
const nestedJson = (depth: number) => `[${'{"or":['.repeat(depth)}["name","equals","zz-none"]${']}'.repeat(depth)}]`
const nested = (depth: number) => JSON.parse(nestedJson(depth)) as unknown[]

describe.each(DATABASES)('list protocol against hostile input on %s', (db) => {
  const { admin } = useApiSuite(db)

  it('answers columns_not_allowed for inherited keys in order, filter, advanced_filter, group_by and columns of every list', async () => {
    const failures: string[] = []
    for (const list of LISTS) {
      for (const key of INHERITED) {
        const queries = [
          `order=${key}`,
          `order=-${key}`,
          `order=${q([key])}`,
          `filter=${q(JSON.parse(`{"${key}":1}`))}`,
          `filter=${q(JSON.parse(`{"${key}":{"x":1}}`))}`,
          `advanced_filter=${q([[key, 'equals', 'x']])}`,
          `advanced_filter=${q([{ key, operator: 'equals', value: 'x' }])}`,
          `columns=${key}`,
        ]
        for (const query of queries) {
          const r = await admin.get(`/api/v1/${list}/?${query}`)
          if (r.status !== 400 || r.body?.error?.key !== 'columns_not_allowed')
            failures.push(`${list}?${decodeURIComponent(query)} → ${r.status} ${r.body?.error?.key}`)
        }
      }
    }
    for (const list of GROUPED) {
      for (const key of INHERITED) {
        const r = await admin.get(`/api/v1/${list}/grouped?group_by=${key}`)
        if (r.status !== 400 || r.body?.error?.key !== 'columns_not_allowed')
          failures.push(`${list}/grouped?group_by=${key} → ${r.status} ${r.body?.error?.key}`)
      }
    }
    for (const key of INHERITED) {
      const r = await admin.get(`/api/v1/events?advanced_filter=${q([[key, 'equals', 'x']])}`)
      if (r.status !== 400 || r.body?.error?.key !== 'columns_not_allowed')
        failures.push(`events advanced_filter ${key} → ${r.status} ${r.body?.error?.key}`)
    }
    expect(failures).toEqual([])
  })

  it('keeps an unknown operator named like an inherited key unknown_operator', async () => {
    const r = await admin.get(`/api/v1/hosts/?advanced_filter=${q([['name', 'constructor', 'x']])}`)
    expect(r.status).toBe(400)
    expect(r.body.error.key).toBe('unknown_operator')
  })

  it(`accepts or-groups ${MAX_OR_DEPTH} deep and refuses deeper ones with validation_failed, in the query`, async () => {
    expect((await admin.get(`/api/v1/hosts/?advanced_filter=${q(nested(MAX_OR_DEPTH))}`)).status).toBe(200)
    for (const depth of [MAX_OR_DEPTH + 1, 100, 700]) {
      const r = await admin.get(`/api/v1/hosts/?advanced_filter=${encodeURIComponent(nestedJson(depth))}`)
      expect(r.status, `depth ${depth}`).toBe(400)
      expect(r.body.error.key).toBe('validation_failed')
      expect(r.body.error.extra_info.field).toBe('advanced_filter')
    }
  })

  it('refuses deep or-groups in POST bodies with validation_failed and saves nothing', async () => {
    for (const depth of [MAX_OR_DEPTH + 1, 900, 5000, 100_000]) {
      const bulk = await admin.postRaw(
        '/api/v1/bulk/acknowledgements',
        `{"target":"hosts","comment":"x","advanced_filter":${nestedJson(depth)}}`,
      )
      expect(bulk.status, `bulk depth ${depth}`).toBe(400)
      expect(bulk.body.error.key).toBe('validation_failed')
      const saved = await admin.postRaw('/api/v1/filters/', `{"name":"deep-${depth}","location":"hosts","rules":${nestedJson(depth)}}`)
      expect(saved.status, `filter depth ${depth}`).toBe(400)
      expect(saved.body.error.key).toBe('validation_failed')
    }
    const filters = await admin.get('/api/v1/filters/?location=hosts')
    expect(JSON.stringify(filters.body)).not.toContain('deep-')
  })
})
