/**
 * Issue 13 "Tests that prove it": property-based tests (fast-check) of the SPEC §5 filter language. Parsing
 * never throws anything but the documented refusals (a zod failure from the schemas; SPEC §8
 * columns_not_allowed, unknown_operator, validation_failed or invalid_input from the list protocol), whatever
 * the input, however deep; and the forms that have a round trip keep it.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  AdvancedFilter,
  FilterNode,
  MAX_OR_DEPTH,
  normaliseOperator,
  normaliseRule,
  OPERATORS,
  orDepth,
  parseBetween,
  parseOrder,
  type FilterRule,
} from '../../../src/shared/filter'
import { whereOf } from '../../../src/server/store/list'
import { db, def } from '../../helpers/list-entity'
import { ApiError, type ErrorKey } from '../../../src/shared/errors'
import type { Scope } from '../../../src/server/store/scope'

const scope = { environmentIds: [1] } as Scope
const LIST_REFUSALS: ErrorKey[] = ['columns_not_allowed', 'unknown_operator', 'validation_failed', 'invalid_input']

const column = fc.constantFrom('name', 'n', 'at', 'state', 'flag', 'constructor', '__proto__', 'toString', 'nope', '')
const operator = fc.oneof(
  fc.constantFrom(...OPERATORS, '=', '!=', '>', 'lt', 'Not Equal', 'constructor', 'hasOwnProperty', '__proto__', ''),
  fc.string({ maxLength: 12 }),
)
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  fc.constant('1|2'),
)
const rule: fc.Arbitrary<FilterRule> = fc.oneof(
  fc.tuple(column, operator, value) as fc.Arbitrary<FilterRule>,
  fc.record({ key: column, operator, value, inverted: fc.boolean() }) as fc.Arbitrary<FilterRule>,
)
const { node } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    rule,
    fc.record({ or: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
  ),
}))

/** `depth` or-groups around one rule, as JSON text (JSON.stringify itself overflows past ~2,000). */
const nestedJson = (depth: number) => `[${'{"or":['.repeat(depth)}["name","equals","x"]${']}'.repeat(depth)}]`

/** Runs `fn`; an ApiError must carry one of the documented keys, anything else thrown fails the property. */
function refusesOnlyAsDocumented(fn: () => unknown) {
  try {
    fn()
  } catch (err) {
    if (!(err instanceof ApiError)) throw err
    expect(LIST_REFUSALS).toContain(err.key)
  }
}

describe('filter language properties', () => {
  it('parses any JSON with safeParse without throwing', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
        AdvancedFilter.safeParse(v)
        FilterNode.safeParse(v)
      }),
      { numRuns: 1000 },
    )
  })

  it('turns any filter, advanced_filter or order text into SQL or a documented SPEC §8 refusal, never another error', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
      fc.array(node, { maxLength: 3 }).map((v) => JSON.stringify(v)),
    )
    fc.assert(
      fc.property(text, text, (filter, advanced) => {
        refusesOnlyAsDocumented(() => whereOf(def, 'sqlite', scope, { filter }).compile(db))
        refusesOnlyAsDocumented(() => whereOf(def, 'sqlite', scope, { advanced_filter: advanced }).compile(db))
      }),
      { numRuns: 1500 },
    )
  })

  it('refuses or-groups past the bound with validation_failed at any depth, and accepts them up to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (depth) => {
        const text = nestedJson(depth)
        if (depth <= MAX_OR_DEPTH) {
          expect(orDepth(AdvancedFilter.parse(JSON.parse(text)))).toBe(depth)
          whereOf(def, 'sqlite', scope, { advanced_filter: text })
        } else {
          const err = (() => {
            try {
              whereOf(def, 'sqlite', scope, { advanced_filter: text })
            } catch (e) {
              return e
            }
          })()
          expect(err).toBeInstanceOf(ApiError)
          expect((err as ApiError).key).toBe('validation_failed')
        }
      }),
      { numRuns: 200 },
    )
  })

  it('normalises every operator to itself, and any other word to an operator or null', () => {
    for (const op of OPERATORS) expect(normaliseOperator(op)).toBe(op)
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const op = normaliseOperator(s)
        expect(op === null || (OPERATORS as readonly string[]).includes(op)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('reads a rule the same in its tuple and object forms', () => {
    fc.assert(
      fc.property(column, operator, value, (key, op, v) => {
        expect(normaliseRule([key, op, v] as FilterRule)).toEqual(normaliseRule({ key, operator: op, value: v as never }))
      }),
    )
  })

  it('round-trips an order through its text form and its JSON list form', () => {
    const term = fc.record({ column: fc.stringMatching(/^[a-z_][a-z0-9_]{0,15}$/), desc: fc.boolean() })
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 10 }), (terms) => {
        const words = terms.map((t) => (t.desc ? '-' : '') + t.column)
        expect(parseOrder(words.join(','))).toEqual(terms)
        expect(parseOrder(words)).toEqual(terms)
      }),
    )
  })

  it('round-trips a between range of two finite times', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        expect(parseBetween(`${a}|${b}`)).toEqual([a, b])
        expect(parseBetween([a, b])).toEqual([a, b])
      }),
    )
  })
})
