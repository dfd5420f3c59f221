import { useState } from 'react'
import { useTexts } from '../use-texts'
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from './csv'

export interface CsvButtonProps<Row> {
  /** Fetches every row of the current filter (not just the page); failures are the API client's to show. */
  fetchRows(): Promise<readonly Row[]>
  columns: readonly CsvColumn<Row>[]
  fileName: string
}

/** SPEC §2 "CSV download" of the current filter. */
export function CsvButton<Row>({ fetchRows, columns, fileName }: CsvButtonProps<Row>) {
  const t = useTexts()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      downloadCsv(toCsv(columns, await fetchRows()), csvFileName(fileName, new Date()))
    } catch {
      // The API client has already shown why the rows could not be fetched (SPEC §8).
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} aria-busy={busy} onClick={() => void download()}>
      {busy ? t('ui.table.csvBusy') : t('ui.table.csv')}
    </button>
  )
}
