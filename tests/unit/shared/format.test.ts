/** SPEC §9 "Display": number format, bytes base 1024, in each catalogue language. */
import { describe, expect, it } from 'vitest'
import { formatBytes, formatNumber, formatSeconds, formatValue } from '../../../src/shared/format'

describe('number format (SPEC §9: 1k for 10,000 and above, M for 1,000,000 and above)', () => {
  it('keeps numbers below 10,000 as they are, with fewer decimals as they grow', () => {
    expect([0, 0.125, 1.5, 12.34, 123.4, 9999, -42].map((n) => formatNumber(n))).toEqual([
      '0',
      '0.125',
      '1.5',
      '12.3',
      '123',
      '9999',
      '-42',
    ])
  })
  it('writes 10,000 and above in k and 1,000,000 and above in M', () => {
    expect([10_000, 12_345, 999_000, 1_000_000, 1_500_000, 2_500_000_000, -25_000].map((n) => formatNumber(n))).toEqual([
      '10k',
      '12.3k',
      '999k',
      '1M',
      '1.5M',
      '2500M',
      '-25k',
    ])
  })
})

describe('bytes (SPEC §9: base 1024)', () => {
  it('steps units at 1024, not 1000', () => {
    expect([0, 1000, 1023, 1024, 1536, 1024 ** 2 * 200, 3 * 1024 ** 3, 1024 ** 4].map((n) => formatBytes(n))).toEqual([
      '0 B',
      '1000 B',
      '1023 B',
      '1 KB',
      '1.5 KB',
      '200 MB',
      '3 GB',
      '1 TB',
    ])
  })
})

describe('values in their perfdata unit', () => {
  it('formats seconds, percent, counters and other units', () => {
    expect(formatSeconds(0.0042)).toBe('4.2 ms')
    expect(formatSeconds(0.000_25)).toBe('250 µs')
    expect(formatValue(2.5, 's')).toBe('2.5 s')
    expect(formatValue(97.5, '%')).toBe('97.5%')
    expect(formatValue(123_456, 'c')).toBe('123k')
    expect(formatValue(21.5, 'C')).toBe('21.5 C')
    expect(formatValue(2048, 'B')).toBe('2 KB')
  })
})

describe('in Dutch (issue 19 "Languages"): a decimal comma, the same k, M and byte units', () => {
  it('writes numbers, thousands and millions with a comma', () => {
    expect([0.125, 1.5, 12.34, 9999, 12_345, 1_500_000].map((n) => formatNumber(n, 'nl'))).toEqual([
      '0,125',
      '1,5',
      '12,3',
      '9999',
      '12,3k',
      '1,5M',
    ])
  })
  it('writes bytes base 1024 and values in their unit with a comma', () => {
    expect(formatBytes(1536, 'nl')).toBe('1,5 KB')
    expect(formatBytes(3 * 1024 ** 3, 'nl')).toBe('3 GB')
    expect(formatSeconds(0.0042, 'nl')).toBe('4,2 ms')
    expect(formatValue(97.5, '%', 'nl')).toBe('97,5%')
    expect(formatValue(2.5, 's', 'nl-BE')).toBe('2,5 s')
  })
  it('keeps English for a language without a catalogue', () => {
    expect(formatNumber(1.5, 'fr')).toBe('1.5')
  })
})
