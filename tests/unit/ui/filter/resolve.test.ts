import { describe, expect, it } from 'vitest'
import { resolveFilter } from '../../../../src/ui/filter/resolve'
import { encodeFilter, readFilterParam, type FilterTuple } from '../../../../src/ui'

const keys = ['name', 'state', 'hosttype', 'parents']
const encoded = (filter: FilterTuple[]) => readFilterParam(encodeFilter(filter))
const none = { failed: false }

describe('the custom filter of a table link (SPEC §2 ?filter=, SPEC §5 Filters)', () => {
  it('applies a base64 JSON list of [column, condition, value]', () => {
    const filter: FilterTuple[] = [
      ['parents', 'equals', 'core-sw'],
      ['hosttype', 'equals', 'linux'],
    ]
    expect(resolveFilter(encoded(filter), none, keys)).toEqual({ tuples: filter, notice: null, loading: false })
  })

  it('applies nothing and says why for an unparseable, too long or foreign-column filter', () => {
    expect(resolveFilter(readFilterParam('%%%not-base64'), none, keys).notice).toBe('unparseable')
    expect(resolveFilter(encoded([['name', 'contains', 'x'.repeat(1500)]]), none, keys)).toMatchObject({
      tuples: [],
      notice: 'unparseable',
    })
    expect(resolveFilter(encoded([['password', 'equals', 'x']]), none, keys)).toMatchObject({ tuples: [], notice: 'unparseable' })
  })

  it('refuses the old status filter in favour of the quick filters', () => {
    const r = resolveFilter(
      encoded([
        ['status', 'equals', 'down'],
        ['name', 'contains', 'web'],
      ]),
      none,
      keys,
    )
    expect(r).toEqual({ tuples: [['name', 'contains', 'web']], notice: 'statusFilterRemoved', loading: false })
  })

  it('waits for a saved filter, applies its rules, and says when it cannot be loaded', () => {
    const guid = readFilterParam('0b9d6c1e-6a51-4bde-8a34-2f3c0f5b7d10')
    expect(resolveFilter(guid, none, keys)).toEqual({ tuples: [], notice: null, loading: true })
    expect(resolveFilter(guid, { rules: [{ key: 'name', operator: 'starts_with', value: 'db' }], failed: false }, keys).tuples).toEqual([
      ['name', 'starts_with', 'db'],
    ])
    expect(resolveFilter(guid, { failed: true }, keys).notice).toBe('notLoadable')
    // Or-groups nested in or-groups have no rule rows in the panel (one level has: "or" joins, issue 17).
    expect(
      resolveFilter(
        guid,
        {
          rules: [
            {
              or: [{ or: [['name', 'equals', 'a']] }, ['name', 'equals', 'b']],
            },
          ],
          failed: false,
        },
        keys,
      ).notice,
    ).toBe('notLoadable')
  })
})
