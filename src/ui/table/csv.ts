/**
 * SPEC §2 "CSV download" of the current filter: RFC 4180 text (comma, CRLF, quotes doubled), built from
 * the panel's columns. Plugin output and names come from monitored systems, so a text cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with an apostrophe (OWASP CSV injection).
 */

export type CsvValue = string | number | boolean | null | undefined

export interface CsvColumn<Row> {
  header: string
  value(row: Row): CsvValue
}

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvCell(c.header)), ...rows.map((row) => columns.map((c) => csvCell(c.value(row))))]
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n'
}

/** `{base}-YYYY-MM-DD.csv`, safe as a file name whatever the table title is. */
export function csvFileName(base: string, now: Date): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-')
  const safe =
    base
      .trim()
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'export'
  return `${safe}-${day}.csv`
}

/** Hands the text to the browser as a download; the byte-order mark makes spreadsheets read UTF-8. */
export function downloadCsv(text: string, fileName: string): void {
  downloadBlob(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), fileName)
}

/** Hands any file to the browser as a download (CSV exports, map exports). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}
