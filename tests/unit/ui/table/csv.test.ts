import { describe, expect, it } from 'vitest'
import { csvCell, csvFileName, toCsv } from '../../../../src/ui/table/csv'

describe('CSV download (SPEC §2 table panel)', () => {
  it('writes a header line and one line per row, CRLF terminated', () => {
    const rows = [
      { name: 'web01', count: 3 },
      { name: 'db01', count: 0 },
    ]
    const csv = toCsv(
      [
        { header: 'Host', value: (r: (typeof rows)[number]) => r.name },
        { header: 'Count', value: (r) => r.count },
      ],
      rows,
    )
    expect(csv).toBe('Host,Count\r\nweb01,3\r\ndb01,0\r\n')
  })

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"')
    expect(csvCell(' padded ')).toBe('" padded "')
    expect(csvCell('plain')).toBe('plain')
  })

  it('writes empty cells for null and undefined, and booleans and numbers as text', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(true)).toBe('true')
    expect(csvCell(-5)).toBe('-5')
  })

  it('neutralises plugin output that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"')
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-cmd')).toBe("'-cmd")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  })

  it('names the file after the table and the day, safely', () => {
    expect(csvFileName('Hosts', new Date(2025, 0, 5))).toBe('Hosts-2025-01-05.csv')
    expect(csvFileName('a/b: c', new Date(2025, 11, 31))).toBe('a-b-c-2025-12-31.csv')
    expect(csvFileName('///', new Date(2025, 11, 31))).toBe('export-2025-12-31.csv')
  })
})
