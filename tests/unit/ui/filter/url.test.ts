import { describe, expect, it } from 'vitest'
import { FILTER_URL_MAX } from '../../../../src/shared/constants'
import type { FilterTuple } from '../../../../src/ui/filter/rules'
import type { FilterNode } from '../../../../src/shared/filter'
import { panelFilter } from '../../../../src/ui/filter/rules'
import { filterNameError } from '../../../../src/ui/filter/saved'
import { decodeFilter, encodeFilter, fitsInLink, readFilterParam, withFilterParam } from '../../../../src/ui/filter/url'

const filter: FilterTuple[] = [
  ['name', 'contains', 'wéb'],
  ['service_count', 'greater_than', 3],
  ['hosttype', 'in', ['linux', 'windows']],
]

describe('filters in links (SPEC §2 base64 JSON list of [column, condition, value], SPEC §5)', () => {
  it('encodes as base64 of the JSON list, and decodes back (UTF-8 included)', () => {
    const encoded = encodeFilter(filter)
    expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual(filter)
    expect(decodeFilter(encoded)).toEqual({ filter, notice: null })
  })

  it('reads the links the monitoring screens write, e.g. the child-host badges', () => {
    const badge = Buffer.from(JSON.stringify([['parents', 'equals', 'core-sw1']])).toString('base64')
    expect(decodeFilter(badge).filter).toEqual([['parents', 'equals', 'core-sw1']])
  })

  it('accepts URL-safe base64, missing padding and a + turned into a space', () => {
    const encoded = encodeFilter([['name', 'contains', '>>>???']])
    expect(encoded).toMatch(/[+/]/)
    const urlSafe = encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    expect(decodeFilter(urlSafe).filter).toEqual([['name', 'contains', '>>>???']])
    expect(decodeFilter(encoded.replace(/\+/g, ' ')).filter).toEqual([['name', 'contains', '>>>???']])
  })

  it('normalises condition spellings and the object rule form', () => {
    const encoded = Buffer.from(JSON.stringify([['name', '!=', 'x'], { key: 'state', operator: 'equals', value: 1 }])).toString('base64')
    expect(decodeFilter(encoded).filter).toEqual([
      ['name', 'not_equals', 'x'],
      ['state', 'equals', 1],
    ])
  })

  it('decodes anything invalid to an empty filter with "Unable to parse filter"', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64')
    for (const bad of [
      '%%%',
      b64('not json'),
      b64('{"a":1}'),
      b64('[["name"]]'),
      b64('[["name","shouts","x"]]'),
      b64('[{"or":[{"or":[["a","equals",1]]}]}]'),
      Buffer.from([0xff, 0xfe]).toString('base64'),
    ]) {
      expect(decodeFilter(bad), bad).toEqual({ filter: [], notice: 'unparseable' })
    }
  })

  it('ignores a filter longer than 1500 characters', () => {
    const long: FilterTuple[] = [['name', 'contains', 'x'.repeat(1200)]]
    const encoded = encodeFilter(long)
    expect(encoded.length).toBeGreaterThan(FILTER_URL_MAX)
    expect(decodeFilter(encoded)).toEqual({ filter: [], notice: 'unparseable' })
    expect(fitsInLink(long)).toBe(false)
    expect(fitsInLink(filter)).toBe(true)
  })

  it('refuses the old status filter in favour of the quick filters, keeping the other rules', () => {
    const encoded = encodeFilter([
      ['status', 'equals', 'down'],
      ['name', 'contains', 'web'],
    ])
    expect(decodeFilter(encoded)).toEqual({ filter: [['name', 'contains', 'web']], notice: 'statusFilterRemoved' })
  })

  it('tells a saved filter guid from an encoded filter (?filter={guid})', () => {
    expect(readFilterParam(null)).toEqual({ kind: 'none' })
    expect(readFilterParam('  ')).toEqual({ kind: 'none' })
    expect(readFilterParam('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toEqual({ kind: 'saved', guid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' })
    const encoded = encodeFilter(filter)
    expect(readFilterParam(encoded)).toEqual({ kind: 'encoded', value: encoded })
  })

  it('puts the filter in the hash route query for the copy-URL action, keeping other parameters', () => {
    const link = withFilterParam('https://vigil.example/#/monitoring/hosts/groupby=type?x=1', filter)
    const [, query] = link.split('#/monitoring/hosts/groupby=type?')
    const params = new URLSearchParams(query)
    expect(params.get('x')).toBe('1')
    expect(decodeFilter(params.get('filter')!).filter).toEqual(filter)
    expect(link.startsWith('https://vigil.example/#/monitoring/hosts/groupby=type?')).toBe(true)
  })

  it('removes the parameter for an empty filter', () => {
    expect(withFilterParam('https://v/#/monitoring/hosts?filter=abc', [])).toBe('https://v/#/monitoring/hosts')
    expect(withFilterParam('https://v/#/monitoring/hosts?filter=abc&page=2', [])).toBe('https://v/#/monitoring/hosts?page=2')
  })
})

describe('saved filters (SPEC §3 Saved filter, SPEC §5 names)', () => {
  it('turns saved rules into the panel form, keeping one level of or-groups and inverted rules', () => {
    expect(panelFilter([{ key: 'name', operator: 'contains', value: 'web' }, ['hosttype', 'equals', 'linux']])).toEqual([
      ['name', 'contains', 'web'],
      ['hosttype', 'equals', 'linux'],
    ])
    const either: FilterNode = {
      or: [
        ['name', 'equals', 'a'],
        ['name', 'equals', 'b'],
      ],
    }
    expect(panelFilter([either])).toEqual([
      {
        or: [
          ['name', 'equals', 'a'],
          ['name', 'equals', 'b'],
        ],
      },
    ])
    expect(panelFilter([{ or: [either] }])).toBeNull()
    expect(panelFilter([{ key: 'name', operator: 'contains', value: 'web', inverted: true }])).toEqual([
      { key: 'name', operator: 'contains', value: 'web', inverted: true },
    ])
    expect(panelFilter([['name', 'resembles', 'web']])).toBeNull()
  })

  it('reads the readable form (the JSON list) beside base64, or-groups included (issue 17)', () => {
    const nodes = [
      {
        or: [
          ['state', 'equals', 'down'],
          ['state', 'equals', 'critical'],
        ],
      },
    ]
    expect(decodeFilter(JSON.stringify(nodes))).toEqual({ filter: nodes, notice: null })
    const link = withFilterParam('https://v/#/monitoring/problems', nodes as never, true)
    expect(link).toBe(
      'https://v/#/monitoring/problems?filter=[{%22or%22:[["state","equals","down"],["state","equals","critical"]]}]'.replace(/%22/g, '"'),
    )
    expect(decodeFilter(new URLSearchParams(link.split('?')[1]).get('filter')!)).toEqual({ filter: nodes, notice: null })
  })

  it('requires a name of 2 to 50 allowed characters', () => {
    expect(filterNameError('')).toBe('required')
    expect(filterNameError('   ')).toBe('required')
    expect(filterNameError('a')).toBe('invalid')
    expect(filterNameError('bad<name>')).toBe('invalid')
    expect(filterNameError('two  spaces')).toBe('invalid')
    expect(filterNameError('x'.repeat(51))).toBe('invalid')
    expect(filterNameError('Linux web servers')).toBeNull()
  })
})
