/**
 * Issue 20: Prometheus' naming rules for what Vigil sends and shows (metric names `[a-zA-Z_:][a-zA-Z0-9_:]*`, label
 * names `[a-zA-Z_][a-zA-Z0-9_]*` without a leading `__`), and the text exposition format's escaping.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { labelName, labelPairs, metricName, perfdataMetricName } from '../../../src/server/integrations/prometheus/names'
import { exposition } from '../../../src/server/integrations/prometheus/exposition'
import { loadConfig } from '../../../src/server/config'

const METRIC = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/

describe('Prometheus names', () => {
  it('makes any text a valid metric and label name', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(metricName(text)).toMatch(METRIC)
        expect(labelName(text)).toMatch(LABEL)
        expect(labelName(text).startsWith('__')).toBe(false)
      }),
    )
  })

  it('names perfdata series after their label with the base unit as suffix', () => {
    expect(perfdataMetricName('rta', 's')).toBe('vigil_perfdata_rta_seconds')
    expect(perfdataMetricName('/ used', 'B')).toBe('vigil_perfdata_used_bytes')
    expect(perfdataMetricName('pl', '%')).toBe('vigil_perfdata_pl_percent')
    expect(perfdataMetricName('packets', 'c')).toBe('vigil_perfdata_packets_total')
    expect(perfdataMetricName('load1', '')).toBe('vigil_perfdata_load1')
    expect(perfdataMetricName('time_seconds', 's')).toBe('vigil_perfdata_time_seconds')
    expect(perfdataMetricName('1min', 'dBm')).toBe('vigil_perfdata_1min_dBm')
    expect(perfdataMetricName('/', '')).toBe('vigil_perfdata')
  })

  it('orders labels as remote write wants: __name__ first, then by name, empty values left out', () => {
    expect(labelPairs('up', { resource: '', organization: 'A', host: 'h', 'env-name': 'x' })).toEqual([
      { name: '__name__', value: 'up' },
      { name: 'env_name', value: 'x' },
      { name: 'host', value: 'h' },
      { name: 'organization', value: 'A' },
    ])
  })
})

describe('text exposition format', () => {
  it('escapes label values so that a name cannot end its label or line early', () => {
    const text = exposition([
      {
        name: 'vigil_host_state',
        help: 'state\\of a host\nsecond line',
        type: 'gauge',
        samples: [{ labels: { host: 'a"b\\c\nd', resource: '', state: 'up' }, value: 1 }],
      },
    ])
    expect(text).toBe(
      '# HELP vigil_host_state state\\\\of a host\\nsecond line\n' +
        '# TYPE vigil_host_state gauge\n' +
        'vigil_host_state{host="a\\"b\\\\c\\nd",state="up"} 1\n',
    )
  })
})

describe('remote write configuration (VIGIL_REMOTE_WRITE_*)', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATABASE_URL: ':memory:', ...env }).remoteWrite
  const url = 'https://mimir.example/api/v1/push'

  it('is off without a URL, and takes basic authentication or a bearer token', () => {
    expect(load({})).toBeUndefined()
    expect(load({ VIGIL_REMOTE_WRITE_URL: url })).toEqual({ url, auth: undefined })
    expect(load({ VIGIL_REMOTE_WRITE_URL: url, VIGIL_REMOTE_WRITE_USERNAME: 'u', VIGIL_REMOTE_WRITE_PASSWORD: 'p' })).toEqual({
      url,
      auth: { kind: 'basic', username: 'u', password: 'p' },
    })
    expect(load({ VIGIL_REMOTE_WRITE_URL: url, VIGIL_REMOTE_WRITE_BEARER_TOKEN: 't' })).toEqual({
      url,
      auth: { kind: 'bearer', token: 't' },
    })
  })

  it('stops the start on a configuration that cannot work', () => {
    expect(() => load({ VIGIL_REMOTE_WRITE_URL: 'prometheus:9090' })).toThrow(/http\(s\) URL/)
    expect(() => load({ VIGIL_REMOTE_WRITE_BEARER_TOKEN: 't' })).toThrow(/need VIGIL_REMOTE_WRITE_URL/)
    expect(() => load({ VIGIL_REMOTE_WRITE_URL: url, VIGIL_REMOTE_WRITE_USERNAME: 'u' })).toThrow(/set together/)
    expect(() =>
      load({
        VIGIL_REMOTE_WRITE_URL: url,
        VIGIL_REMOTE_WRITE_BEARER_TOKEN: 't',
        VIGIL_REMOTE_WRITE_USERNAME: 'u',
        VIGIL_REMOTE_WRITE_PASSWORD: 'p',
      }),
    ).toThrow(/exclude each other/)
  })
})
