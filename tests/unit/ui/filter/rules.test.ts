import { describe, expect, it } from 'vitest'
import {
  appliedFilter,
  canAddRule,
  canApply,
  canRemove,
  draftsOf,
  initialRules,
  isBlank,
  isFilled,
  isPartial,
  reduceRules,
  type RulesEvent,
  type RulesState,
} from '../../../../src/ui/filter/rules'
import type { FilterColumn } from '../../../../src/ui/filter/values'

const columns: FilterColumn[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  {
    key: 'hosttype',
    label: 'Host type',
    kind: 'enum',
    options: [
      { value: 'linux', label: 'Linux' },
      { value: 'windows', label: 'Windows' },
    ],
  },
  { key: 'service_count', label: 'Resources', kind: 'integer' },
  { key: 'last_check', label: 'Last check', kind: 'date' },
  { key: 'is_flapping', label: 'Flapping', kind: 'boolean' },
  { key: 'version', label: 'Version', kind: 'version' },
]

const run = (...events: RulesEvent[]) => events.reduce((s: RulesState, e) => reduceRules(columns, s, e), initialRules())
const first = (s: RulesState) => s.rules[0]

describe('filter rules: choosing a column (SPEC §4)', () => {
  it('sets the default condition of the column kind: contains for text, before for date/age, equals for enums', () => {
    expect(first(run({ type: 'setColumn', id: 1, column: 'name' })).condition).toBe('contains')
    expect(first(run({ type: 'setColumn', id: 1, column: 'last_check' })).condition).toBe('before')
    expect(first(run({ type: 'setColumn', id: 1, column: 'hosttype' })).condition).toBe('equals')
    expect(first(run({ type: 'setColumn', id: 1, column: 'service_count' })).condition).toBe('equals')
    expect(first(run({ type: 'setColumn', id: 1, column: 'version' })).condition).toBe('equals')
  })

  it('clears the value', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'name' },
      { type: 'setValue', id: 1, value: 'web' },
      { type: 'setColumn', id: 1, column: 'hosttype' },
    )
    expect(first(s)).toMatchObject({ column: 'hosttype', condition: 'equals', value: '' })
  })

  it('makes the rule blank again when no column is chosen', () => {
    const s = run({ type: 'setColumn', id: 1, column: 'name' }, { type: 'setColumn', id: 1, column: null })
    expect(isBlank(first(s))).toBe(true)
    expect(first(s).condition).toBeNull()
  })

  it('treats an unknown column as no column', () => {
    expect(isBlank(first(run({ type: 'setColumn', id: 1, column: 'password' })))).toBe(true)
  })
})

describe('filter rules: choosing a condition (SPEC §4)', () => {
  it('clears the value on a date/age column', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'last_check' },
      { type: 'setValue', id: 1, value: '1700000000' },
      { type: 'setCondition', id: 1, condition: 'after' },
    )
    expect(first(s)).toMatchObject({ condition: 'after', value: '' })
  })

  it('keeps the value on other columns', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'name' },
      { type: 'setValue', id: 1, value: 'web' },
      { type: 'setCondition', id: 1, condition: 'starts_with' },
    )
    expect(first(s)).toMatchObject({ condition: 'starts_with', value: 'web' })
  })

  it('turns a chosen option into a list for in / not in and back', () => {
    const listed = run(
      { type: 'setColumn', id: 1, column: 'hosttype' },
      { type: 'setValue', id: 1, value: 'linux' },
      { type: 'setCondition', id: 1, condition: 'in' },
    )
    expect(first(listed).value).toEqual(['linux'])
    const single = reduceRules(columns, listed, { type: 'setCondition', id: 1, condition: 'not_equals' })
    expect(first(single).value).toBe('linux')
  })

  it('refuses a condition the column kind does not have', () => {
    const s = run({ type: 'setColumn', id: 1, column: 'last_check' })
    expect(first(reduceRules(columns, s, { type: 'setCondition', id: 1, condition: 'contains' })).condition).toBe('before')
  })

  it('ignores a condition before a column is chosen', () => {
    expect(first(run({ type: 'setCondition', id: 1, condition: 'equals' })).condition).toBeNull()
  })
})

describe('filter rules: values and the appended empty rule (SPEC §4)', () => {
  it('appends a new empty rule when the last rule gets filled', () => {
    const s = run({ type: 'setColumn', id: 1, column: 'name' }, { type: 'setValue', id: 1, value: 'web' })
    expect(s.rules).toHaveLength(2)
    expect(isBlank(s.rules[1])).toBe(true)
  })

  it('does not append for a rule that is not the last', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'name' },
      { type: 'setValue', id: 1, value: 'web' },
      { type: 'setValue', id: 1, value: 'db' },
    )
    expect(s.rules).toHaveLength(2)
  })

  it('does not count a value the column cannot compare as filled', () => {
    const s = run({ type: 'setColumn', id: 1, column: 'service_count' }, { type: 'setValue', id: 1, value: 'many' })
    expect(s.rules).toHaveLength(1)
    expect(isPartial(columns, first(s))).toBe(true)
  })

  it('ignores a value typed before a column is chosen', () => {
    expect(first(run({ type: 'setValue', id: 1, value: 'web' })).value).toBe('')
  })

  it('ignores events for a rule that does not exist', () => {
    const s = initialRules()
    expect(reduceRules(columns, s, { type: 'setValue', id: 99, value: 'x' })).toBe(s)
    expect(reduceRules(columns, s, { type: 'remove', id: 99 })).toBe(s)
  })
})

describe('filter rules: remove (SPEC §4, SPEC §5 "Can\'t delete last rule.")', () => {
  it('is enabled only when the rule has a value', () => {
    const s = run({ type: 'setColumn', id: 1, column: 'name' })
    expect(canRemove(first(s))).toBe(false)
    expect(canRemove(first(reduceRules(columns, s, { type: 'setValue', id: 1, value: 'web' })))).toBe(true)
    expect(canRemove({ id: 1, column: 'hosttype', condition: 'in', value: [], inverted: false, or: false })).toBe(false)
    expect(canRemove({ id: 1, column: 'hosttype', condition: 'in', value: ['linux'], inverted: false, or: false })).toBe(true)
  })

  it('removes that rule when there are several', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'name' },
      { type: 'setValue', id: 1, value: 'web' },
      { type: 'setColumn', id: 2, column: 'hosttype' },
      { type: 'setValue', id: 2, value: 'linux' },
      { type: 'remove', id: 1 },
    )
    expect(s.rules.map((r) => r.column)).toEqual(['hosttype', null])
    expect(s.message).toBeNull()
  })

  it('resets the only rule instead of removing it, with the danger message', () => {
    const loaded = reduceRules(columns, initialRules(), {
      type: 'load',
      rules: [{ id: 1, column: 'name', condition: 'contains', value: 'web', inverted: false, or: false }],
    })
    const s = reduceRules(columns, loaded, { type: 'remove', id: loaded.rules[0].id })
    expect(s.rules).toHaveLength(1)
    expect(isBlank(first(s))).toBe(true)
    expect(s.message).toBe('cantDeleteLast')
  })

  it('clears the message with the next edit or on dismiss', () => {
    const s = run({ type: 'remove', id: 1 })
    expect(s.message).toBe('cantDeleteLast')
    expect(reduceRules(columns, s, { type: 'dismissMessage' }).message).toBeNull()
    expect(reduceRules(columns, s, { type: 'setColumn', id: s.rules[0].id, column: 'name' }).message).toBeNull()
  })
})

describe('filter rules: add rule (SPEC §5 "Please fill all rules")', () => {
  it('is disabled until every rule is filled', () => {
    expect(canAddRule(columns, initialRules())).toBe(false)
    const filled = reduceRules(columns, initialRules(), {
      type: 'load',
      rules: [{ id: 1, column: 'name', condition: 'contains', value: 'web', inverted: false, or: false }],
    })
    expect(canAddRule(columns, filled)).toBe(true)
    const added = reduceRules(columns, filled, { type: 'add' })
    expect(added.rules).toHaveLength(2)
    expect(canAddRule(columns, added)).toBe(false)
  })

  it('says "Please fill all rules" when asked anyway', () => {
    const s = run({ type: 'add' })
    expect(s.rules).toHaveLength(1)
    expect(s.message).toBe('fillAllRules')
  })
})

describe('filter rules: apply (SPEC §5)', () => {
  it('is disabled when a single rule is partly filled', () => {
    expect(canApply(columns, run({ type: 'setColumn', id: 1, column: 'name' }))).toBe(false)
  })

  it('is disabled while any rule is partly filled', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'name' },
      { type: 'setValue', id: 1, value: 'web' },
      { type: 'setColumn', id: 2, column: 'service_count' },
    )
    expect(canApply(columns, s)).toBe(false)
  })

  it('treats a fully empty single rule as reset: apply sends no rules', () => {
    expect(canApply(columns, initialRules())).toBe(true)
    expect(appliedFilter(columns, initialRules())).toEqual([])
  })

  it('sends the filled rules as [column, condition, value] with wire values, leaving the empty one out', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'name' },
      { type: 'setValue', id: 1, value: 'web' },
      { type: 'setColumn', id: 2, column: 'service_count' },
      { type: 'setCondition', id: 2, condition: 'greater_than' },
      { type: 'setValue', id: 2, value: '3' },
      { type: 'setColumn', id: 3, column: 'last_check' },
      { type: 'setCondition', id: 3, condition: 'between' },
      { type: 'setValue', id: 3, value: '100|200' },
      { type: 'setColumn', id: 4, column: 'is_flapping' },
      { type: 'setValue', id: 4, value: 'true' },
      { type: 'setColumn', id: 5, column: 'hosttype' },
      { type: 'setCondition', id: 5, condition: 'in' },
      { type: 'setValue', id: 5, value: ['linux', 'windows'] },
    )
    expect(s.rules).toHaveLength(6)
    expect(canApply(columns, s)).toBe(true)
    expect(appliedFilter(columns, s)).toEqual([
      ['name', 'contains', 'web'],
      ['service_count', 'greater_than', 3],
      ['last_check', 'between', '100|200'],
      ['is_flapping', 'equals', true],
      ['hosttype', 'in', ['linux', 'windows']],
    ])
  })

  it('requires both times of a between', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'last_check' },
      { type: 'setCondition', id: 1, condition: 'between' },
      { type: 'setValue', id: 1, value: '100|' },
    )
    expect(isFilled(columns, first(s))).toBe(false)
    expect(canApply(columns, s)).toBe(false)
  })

  it('splits a typed list for in on a column without options', () => {
    const s = run(
      { type: 'setColumn', id: 1, column: 'service_count' },
      { type: 'setCondition', id: 1, condition: 'not_in' },
      { type: 'setValue', id: 1, value: '1, 2,3' },
    )
    expect(appliedFilter(columns, s)).toEqual([['service_count', 'not_in', [1, 2, 3]]])
  })
})

describe('filter rules: reset and load', () => {
  it('reset leaves one fresh empty rule', () => {
    const s = run({ type: 'setColumn', id: 1, column: 'name' }, { type: 'setValue', id: 1, value: 'web' }, { type: 'reset' })
    expect(s.rules).toHaveLength(1)
    expect(isBlank(first(s))).toBe(true)
    expect(first(s).id).not.toBe(1)
  })

  it('loads a linked filter into rule rows without appending an empty rule', () => {
    const drafts = draftsOf(columns, [
      ['name', 'contains', 'web'],
      ['hosttype', 'in', ['linux']],
      ['last_check', 'between', [100, 200]],
    ])
    expect(drafts).not.toBeNull()
    const s = reduceRules(columns, initialRules(), { type: 'load', rules: drafts! })
    expect(s.rules.map((r) => [r.column, r.condition, r.value])).toEqual([
      ['name', 'contains', 'web'],
      ['hosttype', 'in', ['linux']],
      ['last_check', 'between', '100|200'],
    ])
    expect(appliedFilter(columns, s)).toEqual([
      ['name', 'contains', 'web'],
      ['hosttype', 'in', ['linux']],
      ['last_check', 'between', '100|200'],
    ])
  })

  it('loading nothing resets', () => {
    const s = reduceRules(columns, run({ type: 'setColumn', id: 1, column: 'name' }), { type: 'load', rules: [] })
    expect(s.rules).toHaveLength(1)
    expect(isBlank(first(s))).toBe(true)
  })

  it('refuses a filter that does not fit the columns (unparseable)', () => {
    expect(draftsOf(columns, [['password', 'equals', 'x']])).toBeNull()
    expect(draftsOf(columns, [['last_check', 'contains', 'x']])).toBeNull()
    expect(draftsOf(columns, [['service_count', 'equals', 'many']])).toBeNull()
    expect(draftsOf(columns, [['name', 'equals', null]])).toBeNull()
    expect(draftsOf(columns, [])).toEqual([])
  })
})
