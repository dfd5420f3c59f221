/** SPEC §5 filter conditions → SQL: every condition, bound values, and the errors for bad input. */
import { describe, expect, it } from 'vitest'
import { ruleToSql, whereOf } from '../../../src/server/store/list'
import { db, def } from '../../helpers/list-entity'
import { ApiError } from '../../../src/shared/errors'
import type { Scope } from '../../../src/server/store/scope'

const compile = (key: string, operator: string, value: unknown, inverted = false) => {
  const c = ruleToSql(def, 'sqlite', { key, operator, value: value as never, inverted }).compile(db)
  return [c.sql, c.parameters]
}
const keyOf = (fn: () => unknown): any => {
  try {
    fn()
  } catch (e) {
    return e instanceof ApiError ? [e.key, e.extra] : e
  }
  return 'no error'
}

describe('filter translation (SPEC §5 conditions by kind)', () => {
  it.each([
    ['name', 'equals', 'a', 't.name = ?', ['a']],
    ['name', 'not_equals', 'a', '(t.name <> ? OR t.name IS NULL)', ['a']],
    ['name', 'contains', '50%_off', "t.name LIKE ? ESCAPE '\\'", ['%50\\%\\_off%']],
    ['name', 'not_contains', 'a', "t.name NOT LIKE ? ESCAPE '\\'", ['%a%']],
    ['name', 'starts_with', 'a', "t.name LIKE ? ESCAPE '\\'", ['a%']],
    ['name', 'not_starts_with', 'a', "t.name NOT LIKE ? ESCAPE '\\'", ['a%']],
    ['name', 'ends_with', 'a', "t.name LIKE ? ESCAPE '\\'", ['%a']],
    ['name', 'not_ends_with', 'a', "t.name NOT LIKE ? ESCAPE '\\'", ['%a']],
    ['n', 'greater_than', '5', 't.n > ?', [5]],
    ['n', 'less_than', 5, 't.n < ?', [5]],
    ['at', 'after', 100, 't.at > ?', [100]],
    ['at', 'before', 100, 't.at < ?', [100]],
    ['at', 'between', '100|200', 't.at BETWEEN ? AND ?', [100, 200]],
    ['name', 'in', ['a', 'b'], 't.name IN (?, ?)', ['a', 'b']],
    ['name', 'not_in', 'a,b', '(t.name NOT IN (?, ?) OR t.name IS NULL)', ['a', 'b']],
    ['state', 'equals', 1, 't.state = ?', ['down']],
    ['state', 'in', [0, 'down'], 't.state IN (?, ?)', ['up', 'down']],
    ['flag', 'equals', true, 't.flag = ?', [1]],
    ['name', '!=', 'a', '(t.name <> ? OR t.name IS NULL)', ['a']],
  ])('%s %s %j', (key, op, value, sql, params) => {
    expect(compile(key, op, value)).toEqual([sql, params])
  })

  it('inverts a rule with NOT', () => {
    expect(compile('name', 'equals', 'a', true)).toEqual(['NOT (t.name = ?)', ['a']])
  })

  it('an empty in-list matches nothing and an empty not-in list everything', () => {
    expect(compile('name', 'in', [])[0]).toBe('1 = 0')
    expect(compile('name', 'not_in', [])[0]).toBe('1 = 1')
  })

  it('refuses unknown columns, unknown operators, operators of another kind and bad values', () => {
    expect(keyOf(() => compile('password', 'equals', 'x'))).toEqual(['columns_not_allowed', { columns: ['password'] }])
    expect(keyOf(() => compile('name', 'like', 'x'))).toEqual(['unknown_operator', { operator: 'like', column: 'name' }])
    expect(keyOf(() => compile('at', 'contains', 'x'))[0]).toBe('unknown_operator')
    expect(keyOf(() => compile('n', 'equals', 'ten'))).toEqual(['validation_failed', { field: 'n', value: 'ten' }])
    expect(keyOf(() => compile('at', 'between', '5'))[0]).toBe('validation_failed')
    expect(keyOf(() => compile('state', 'equals', 7))[0]).toBe('validation_failed')
    expect(keyOf(() => compile('flag', 'equals', 'maybe'))[0]).toBe('validation_failed')
    expect(keyOf(() => compile('name', 'equals', ['a']))[0]).toBe('validation_failed')
  })
})

describe('where clause of a list call', () => {
  const scope = { environmentIds: [1, 2] } as unknown as Scope
  const where = (q: Record<string, string>) => whereOf(def, 'sqlite', scope, q).compile(db)

  it('always starts with the caller scope', () => {
    expect(where({}).sql).toBe('t.env IN (?, ?)')
    expect(whereOf(def, 'sqlite', { environmentIds: [] } as unknown as Scope, {}).compile(db).sql).toBe('1 = 0')
  })

  it('narrows the scope by environment_ids but never widens it', () => {
    expect(where({ environment_ids: '2,3' }).parameters).toEqual([2])
  })

  it('joins or-groups with OR inside parentheses', () => {
    const c = where({
      advanced_filter: JSON.stringify([
        {
          or: [
            ['name', 'equals', 'a'],
            ['n', 'less_than', 3],
          ],
        },
      ]),
    })
    expect(c.sql).toBe('t.env IN (?, ?) AND (t.name = ? OR t.n < ?)')
  })

  it('reports unparseable JSON as invalid_input naming the parameter', () => {
    expect(keyOf(() => where({ filter: '{' }))).toEqual(['invalid_input', { field: 'filter', reason: 'not JSON' }])
    expect(keyOf(() => where({ advanced_filter: '{"not":"a list"}' }))[0]).toBe('validation_failed')
  })
})
