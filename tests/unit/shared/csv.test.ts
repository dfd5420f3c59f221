/** The RFC 4180 reader behind the CSV import of hosts (issue 15): quotes, separators and line breaks in fields. */
import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../../src/shared/csv'
import { toCsv } from '../../../src/ui/table/csv'

const fields = (text: string) => {
  const r = parseCsv(text)
  if ('error' in r) throw new Error(`${r.error} at ${r.line}`)
  return r.records.map((x) => x.fields)
}

describe('CSV reader (RFC 4180)', () => {
  it('splits records on CRLF, LF and CR and fields on commas, with or without a final line break', () => {
    expect(fields('a,b\r\n1,2\n3,4\r5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ])
    expect(fields('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
  })

  it('keeps commas, doubled quotes and line breaks inside quoted fields, and empty fields', () => {
    expect(fields('name,description\r\nweb1,"front, ""main"" site\r\nsecond line"\r\n"",x,\r\n')).toEqual([
      ['name', 'description'],
      ['web1', 'front, "main" site\r\nsecond line'],
      ['', 'x', ''],
    ])
  })

  it('gives the line each record starts on, counting line breaks inside quotes', () => {
    const r = parseCsv('h\n"a\nb"\nc\n')
    expect('records' in r && r.records.map((x) => x.line)).toEqual([1, 2, 4])
  })

  it('reads a semicolon-separated file when the header has semicolons and no comma, and drops a byte-order mark', () => {
    expect(fields('\ufeffname;tags\nweb1;"a;b"\n')).toEqual([
      ['name', 'tags'],
      ['web1', 'a;b'],
    ])
  })

  it('reports an unterminated quote and text after a closing quote with their line', () => {
    expect(parseCsv('a\n"open\nstill open')).toEqual({ error: 'unterminated_quote', line: 2 })
    expect(parseCsv('a,b\n"x"y,2')).toEqual({ error: 'text_after_quote', line: 2 })
  })

  it('reads back what the CSV download writes', () => {
    const rows = [
      { a: 'plain', b: 'with, comma' },
      { a: 'quote "x"', b: 'two\nlines' },
    ]
    const text = toCsv(
      [
        { header: 'a', value: (r: (typeof rows)[number]) => r.a },
        { header: 'b', value: (r: (typeof rows)[number]) => r.b },
      ],
      rows,
    )
    expect(fields(text)).toEqual([['a', 'b'], ...rows.map((r) => [r.a, r.b])])
  })
})
