import { describe, expect, it } from 'vitest'
import { parsePerfdata, parsePluginOutput, PerfItemSchema } from '../../../src/shared/perfdata'

// Samples written in the documented syntax (Nagios plugin development guidelines), modelled on what
// monitoring-plugins and common third-party plugins print.
describe('plugin output (issue 3: first line plugin_output, the rest extended_output)', () => {
  it('splits a one-line output with perfdata after the bar', () => {
    const r = parsePluginOutput('DISK OK - free space: / 7326 MB (78% inode=95%);| /=2016MB;9832;9822;0;9842\n')
    expect(r.output).toBe('DISK OK - free space: / 7326 MB (78% inode=95%);')
    expect(r.long_output).toBeUndefined()
    expect(r.perfdata).toHaveLength(1)
    const [disk] = r.perfdata
    expect(disk.label).toBe('/')
    expect(disk.uom).toBe('MB')
    expect(disk.unit).toBe('B')
    expect(disk.value).toBe(2016 * 1024 * 1024)
    expect(disk.warn).toEqual({ start: 0, end: 9832 * 1024 * 1024, inside: false })
    expect(disk.min).toBe(0)
    expect(disk.max).toBe(9842 * 1024 * 1024)
  })

  it('keeps long output and reads perfdata continuing after the bar of a later line', () => {
    const text = [
      'OK - Nodes Alive: 2',
      'UN  10.0.0.1  20.78 GB  256',
      'UN  10.0.0.2  18.06 GB  256 | Load_10.0.0.1=20.78GB Owns_10.0.0.1=15.1%',
      'Load_10.0.0.2=18.06GB Owns_10.0.0.2=16.6%',
    ].join('\n')
    const r = parsePluginOutput(text)
    expect(r.output).toBe('OK - Nodes Alive: 2')
    expect(r.long_output).toBe('UN  10.0.0.1  20.78 GB  256\nUN  10.0.0.2  18.06 GB  256')
    expect(r.perfdata.map((p) => p.label)).toEqual(['Load_10.0.0.1', 'Owns_10.0.0.1', 'Load_10.0.0.2', 'Owns_10.0.0.2'])
    expect(r.perfdata[2].value).toBeCloseTo(18.06 * 1024 ** 3)
    expect(r.perfdata[3]).toMatchObject({ value: 16.6, unit: '%' })
  })

  it('takes perfdata from both the first line and later lines', () => {
    const r = parsePluginOutput('PING OK | rta=0.249ms;3000;5000;0\nline two | pl=0%;80;100;0\r\n')
    expect(r.long_output).toBe('line two')
    expect(r.perfdata.map((p) => p.label)).toEqual(['rta', 'pl'])
  })

  it('treats output without perfdata as text only', () => {
    expect(parsePluginOutput('CRITICAL CPU idle is < 100%: user=3.02% system=3.25%')).toEqual({
      output: 'CRITICAL CPU idle is < 100%: user=3.02% system=3.25%',
      perfdata: [],
    })
  })
})

describe('performance data', () => {
  it('parses trailing empty fields and keeps every field in the normalised unit', () => {
    const items = parsePerfdata('load1=0.200;4.000;8.000;0; load5=0.170;4.000;8.000;0; load15=0.270;4.000;8.000;0;')
    expect(items).toHaveLength(3)
    expect(items[0]).toEqual({
      label: 'load1',
      value: 0.2,
      uom: '',
      unit: '',
      min: 0,
      max: null,
      warn: { start: 0, end: 4, inside: false },
      crit: { start: 0, end: 8, inside: false },
    })
    for (const item of items) expect(PerfItemSchema.safeParse(item).success).toBe(true)
  })

  it('normalises times to seconds and bytes with base 1024', () => {
    const items = parsePerfdata('a=250ms b=3s c=1500us d=1KB e=2GB f=5B g=12c h=42 i=20C')
    const byLabel = Object.fromEntries(items.map((i) => [i.label, i]))
    expect(byLabel.a).toMatchObject({ value: 0.25, unit: 's', uom: 'ms' })
    expect(byLabel.b).toMatchObject({ value: 3, unit: 's' })
    expect(byLabel.c.value).toBeCloseTo(0.0015)
    expect(byLabel.d).toMatchObject({ value: 1024, unit: 'B' })
    expect(byLabel.e).toMatchObject({ value: 2 * 1024 ** 3, unit: 'B' })
    expect(byLabel.f).toMatchObject({ value: 5, unit: 'B' })
    expect(byLabel.g).toMatchObject({ value: 12, unit: 'c' })
    expect(byLabel.h).toMatchObject({ value: 42, unit: '' })
    // A unit outside the guidelines (degrees Celsius) is kept as it is, not dropped.
    expect(byLabel.i).toMatchObject({ value: 20, unit: 'C', uom: 'C' })
  })

  it("reads quoted labels with spaces and '' as an escaped quote", () => {
    const items = parsePerfdata("'C:\\ used space'=10GB;;;0;100 'it''s'=1 'x'=2")
    expect(items.map((i) => i.label)).toEqual(['C:\\ used space', "it's", 'x'])
  })

  it('scales threshold ranges with the unit, including ~, @ and open ends', () => {
    const [item] = parsePerfdata('time=1500ms;@1000:2000;~:3000')
    expect(item.warn).toEqual({ start: 1, end: 2, inside: true })
    expect(item.crit).toEqual({ start: null, end: 3, inside: false })
  })

  it('keeps U as an undetermined value', () => {
    expect(parsePerfdata('temp=U;40;50')[0]).toMatchObject({ label: 'temp', value: null })
  })

  it('skips malformed items without throwing and keeps the valid ones', () => {
    const text = 'ok=1 =5 novalue= bad=abc range=1;x:y spaced = 3 dup=1 dup=2 neg=-2.5e1 comma=0,5s a=1;2;3;4;5;6'
    const items = parsePerfdata(text)
    expect(items.map((i) => i.label)).toEqual(['ok', 'dup', 'neg', 'comma', 'a'])
    expect(items.find((i) => i.label === 'dup')?.value).toBe(1)
    expect(items.find((i) => i.label === 'neg')?.value).toBe(-25)
    expect(items.find((i) => i.label === 'comma')?.value).toBe(0.5)
  })

  it('gives up only on the rest after an unterminated quote', () => {
    expect(parsePerfdata("a=1 'open=2 b=3").map((i) => i.label)).toEqual(['a'])
  })

  it('finds no perfdata in prose such as "user = 3.02, system = 3.25"', () => {
    expect(parsePerfdata('user = 3.02, system = 3.25, iowait = 0.01, idle = 93.72')).toEqual([])
  })
})
