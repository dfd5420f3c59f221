/**
 * A small RFC 4180 reader for imports (issue 15 CSV import of hosts); no CSV library is on the STACK.md list.
 * Quoted fields may hold the separator, doubled quotes and line breaks; CRLF, LF and CR all end a record.
 * The separator is a comma, or a semicolon when the first line has semicolons and no comma (spreadsheets in
 * locales with a decimal comma write that).
 */

/** One record and the 1-based line of the text it starts on. */
export interface CsvRecord {
  line: number
  fields: string[]
}

export type CsvParse = { records: CsvRecord[] } | { error: 'unterminated_quote' | 'text_after_quote'; line: number }

export function parseCsv(input: string): CsvParse {
  const text = input.startsWith('\ufeff') ? input.slice(1) : input
  const firstLine = /^[^\r\n]*/.exec(text)![0]
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let start = 1
  let i = 0
  const endField = () => {
    fields.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    records.push({ line: start, fields })
    fields = []
  }
  while (i < text.length) {
    const c = text[i]
    if (c === '"' && field === '') {
      // A quoted field: runs to the quote not followed by another quote.
      const quoteLine = line
      i++
      for (;;) {
        if (i >= text.length) return { error: 'unterminated_quote', line: quoteLine }
        const q = text[i]
        if (q === '"' && text[i + 1] === '"') {
          field += '"'
          i += 2
        } else if (q === '"') {
          i++
          break
        } else {
          if (q === '\n' || (q === '\r' && text[i + 1] !== '\n')) line++
          field += q
          i++
        }
      }
      const next = text[i]
      if (next !== undefined && next !== separator && next !== '\r' && next !== '\n') return { error: 'text_after_quote', line }
    } else if (c === separator) {
      endField()
      i++
    } else if (c === '\r' || c === '\n') {
      endRecord()
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      start = line
    } else {
      field += c
      i++
    }
  }
  if (field !== '' || fields.length > 0) endRecord()
  return { records }
}
