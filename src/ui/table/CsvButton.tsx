import { useState } from 'react'
import { useTexts } from '../use-texts'
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from './csv'

export interface CsvButtonProps<Row> {
  /** Fetches every row of the current filter (not just the page); failures are the API client's to show. */
  fetchRows(): Promise<readonly Row[]>
  columns: readonly CsvColumn<Row>[]
  fileName: string
  /** Rows of the current filter (SPEC §7 totalresults): more than were fetched says the CSV was capped. */
  total: number
}

/**
 * SPEC §2 "CSV download" of the current filter. The rows are fetched up to SPEC §9's selector limit; a filter with
 * more says so beside the button (SPEC §8 result caps: "too many records") instead of a silently short file.
 */
export function CsvButton<Row>({ fetchRows, columns, fileName, total }: CsvButtonProps<Row>) {
  const t = useTexts()
  const [busy, setBusy] = useState(false)
  const [capped, setCapped] = useState<number | null>(null)
  const download = async () => {
    setBusy(true)
    setCapped(null)
    try {
      const rows = await fetchRows()
      downloadCsv(toCsv(columns, rows), csvFileName(fileName, new Date()))
      if (rows.length < total) setCapped(rows.length)
    } catch {
      // The API client has already shown why the rows could not be fetched (SPEC §8).
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      {capped !== null && (
        <span className="small text-warning-emphasis" role="status">
          {t('ui.table.csvCapped', { count: capped, total })}
        </span>
      )}
      <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {busy ? t('ui.table.csvBusy') : t('ui.table.csv')}
      </button>
    </>
  )
}
