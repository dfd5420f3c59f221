/**
 * Issue 13 "Tests that prove it": property-based tests (fast-check) of the perfdata parser, which reads
 * what any plugin or passive submitter prints. It never throws, every number it yields is finite, and a
 * well-formed item keeps its label (Nagios plugin development guidelines, "Performance data").
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parsePerfdata, parsePluginOutput, PerfItemSchema, type PerfItem } from '../../../src/shared/perfdata'

const numbersOf = (p: PerfItem) =>
  [p.value, p.min, p.max, p.warn?.start, p.warn?.end, p.crit?.start, p.crit?.end].filter((n): n is number => typeof n === 'number')

/** Text shaped like perfdata: labels, quotes, `=`, `;`, digits, exponents, units and spaces mixed at random. */
const perfLike = fc
  .array(
    fc.constantFrom(
      "'",
      "''",
      '=',
      ';',
      ' ',
      '\n',
      '|',
      ':',
      '@',
      '~',
      ',',
      '.',
      '-',
      '+',
      'e',
      'E',
      '1e400',
      '9',
      '0',
      '1.5',
      'U',
      'MB',
      'PB',
      '%',
      'c',
      'ms',
      'µs',
      'load',
      'disk /',
      'x',
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''))

const label = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/[\s'=]/.test(s))
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 })

describe('perfdata parser properties', () => {
  it('never throws, on any text or perfdata-shaped text, and yields valid items with finite numbers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 100 }), perfLike), (text) => {
        const items = parsePerfdata(text)
        for (const item of items) {
          expect(PerfItemSchema.safeParse(item).success).toBe(true)
          for (const n of numbersOf(item)) expect(Number.isFinite(n)).toBe(true)
        }
        expect(new Set(items.map((i) => i.label)).size).toBe(items.length)
        parsePluginOutput(text)
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses numbers that overflow instead of yielding Infinity', () => {
    expect(parsePerfdata('a=1e400 b=1;1e999 c=1e308PB d=5')).toEqual([expect.objectContaining({ label: 'd', value: 5 })])
  })

  it('keeps the label and value of well-formed items, quoted or not', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.oneof(label, fc.string({ minLength: 1, maxLength: 20 })), finite), {
          selector: ([l]) => l,
          maxLength: 8,
        }),
        (pairs) => {
          const text = pairs.map(([l, v]) => `'${l.replace(/'/g, "''")}'=${v}`).join(' ')
          const items = parsePerfdata(text)
          expect(items.map((i) => [i.label, i.value])).toEqual(pairs.map(([l, v]) => [l, Number(String(v))]))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('reads unquoted labels without spaces, quotes or `=` as they are', () => {
    fc.assert(
      fc.property(label, finite, (l, v) => {
        expect(parsePerfdata(`${l}=${v}`)).toMatchObject([{ label: l, value: Number(String(v)) }])
      }),
      { numRuns: 500 },
    )
  })
})
