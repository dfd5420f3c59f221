import { describe, expect, it } from 'vitest'
import { evaluate, isAlert, parseRange, scaleRange, ThresholdText } from '../../../src/shared/thresholds'

// Nagios plugin development guidelines, "Threshold and ranges" (issue 3: ranges `[@][start:][end]` with `~`).
describe('threshold ranges', () => {
  it.each([
    // range, value, alerts?
    ['10', -1, true],
    ['10', 0, false],
    ['10', 10, false],
    ['10', 10.5, true],
    ['10:', 9.99, true],
    ['10:', 10, false],
    ['10:', 1e9, false],
    ['~:10', -1e9, false],
    ['~:10', 10, false],
    ['~:10', 11, true],
    ['10:20', 9, true],
    ['10:20', 15, false],
    ['10:20', 21, true],
    ['@10:20', 10, true],
    ['@10:20', 20, true],
    ['@10:20', 9, false],
    ['@10:20', 21, false],
    [':5', -1, true],
    ['-5:5', -5, false],
    ['1e3', 999, false],
    ['0,5', 0.6, true],
  ] as const)('%s with value %s alerts: %s', (text, value, alerts) => {
    const range = parseRange(text)
    expect(range).not.toBeNull()
    expect(isAlert(range!, value)).toBe(alerts)
  })

  it.each(['', 'abc', '20:10', '10::20', '@', '~', '1.2.3', '10:x'])('refuses malformed range %j', (text) => {
    expect(parseRange(text)).toBeNull()
    expect(ThresholdText.safeParse(text).success).toBe(false)
  })

  it('evaluates critical before warning', () => {
    const warn = parseRange('80')
    const crit = parseRange('90')
    expect(evaluate(50, warn, crit)).toBe(0)
    expect(evaluate(85, warn, crit)).toBe(1)
    expect(evaluate(95, warn, crit)).toBe(2)
    expect(evaluate(95, null, undefined)).toBe(0)
  })

  it('scales both bounds for unit normalisation and keeps open ends open', () => {
    expect(scaleRange(parseRange('@10:20')!, 1e-3)).toEqual({ start: 0.01, end: 0.02, inside: true })
    expect(scaleRange(parseRange('~:5')!, 1024)).toEqual({ start: null, end: 5120, inside: false })
  })
})
