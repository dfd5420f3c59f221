/** SPEC §3 "Software version is an object with name.raw.value and version.raw.value" in the filter language. */
import { describe, expect, it } from 'vitest'
import { AdvancedFilter, FilterValue, parseSoftwareVersion } from '../../../src/shared/filter'

const nested = (name: string, version?: string) => ({
  name: { raw: { value: name } },
  ...(version === undefined ? {} : { version: { raw: { value: version } } }),
})

describe('software version filter values (SPEC §3, §5)', () => {
  it('reads the nested object and the flat dotted keys alike', () => {
    expect(parseSoftwareVersion(nested('openssl', '3.0.2'))).toEqual({ name: 'openssl', version: '3.0.2' })
    expect(parseSoftwareVersion({ 'name.raw.value': 'openssl', 'version.raw.value': '3.0.2' })).toEqual({
      name: 'openssl',
      version: '3.0.2',
    })
  })

  it('reads a missing or blank version as any version, and trims', () => {
    expect(parseSoftwareVersion(nested(' openssl '))).toEqual({ name: 'openssl', version: '' })
    expect(parseSoftwareVersion(nested('openssl', '  '))).toEqual({ name: 'openssl', version: '' })
    expect(parseSoftwareVersion({ 'name.raw.value': 'openssl' })).toEqual({ name: 'openssl', version: '' })
  })

  it('is null for anything else: a scalar, a list, a blank name, another shape', () => {
    for (const v of [
      'openssl',
      3,
      null,
      ['openssl'],
      nested('  ', '1'),
      { name: 'openssl' },
      { name: { raw: { value: 'x' } }, vendor: 'y' },
    ]) {
      expect(parseSoftwareVersion(v as FilterValue), JSON.stringify(v)).toBeNull()
    }
  })

  it('lets a rule carry the object, and no other object (SPEC §2 [column, condition, value])', () => {
    expect(AdvancedFilter.safeParse([['software', 'equals', nested('openssl', '3.0.2')]]).success).toBe(true)
    expect(AdvancedFilter.safeParse([{ key: 'software', operator: 'not_equals', value: nested('nginx'), inverted: false }]).success).toBe(
      true,
    )
    expect(AdvancedFilter.safeParse([['name', 'equals', { value: 'x' }]]).success).toBe(false)
    expect(AdvancedFilter.safeParse([['software', 'equals', { name: { raw: { value: 'x', extra: 1 } } }]]).success).toBe(false)
    expect(AdvancedFilter.safeParse([['software', 'in', [nested('x')]]]).success).toBe(false)
  })
})
