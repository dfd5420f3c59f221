import type { ReactNode } from 'react'
import type { CsvValue } from './csv'

/** One column of a table panel. */
export interface TableColumn<Row> {
  /** Unique id; also the SPEC §7 `order` column when `sortable`. */
  id: string
  /** Translated header text. */
  header: string
  cell(row: Row): ReactNode
  /** Sorted by the server through `order` (SPEC §4 three-state table sort). */
  sortable?: boolean
  /** Hidden until the person shows it from the columns menu (SPEC §2, e.g. the host description). */
  hidden?: boolean
  /** The cell's CSV value; columns without it are left out of the download. */
  csv?(row: Row): CsvValue
  /** More CSV columns right after this one (e.g. an age as people read it, then its raw seconds). */
  csvExtra?: readonly { header: string; value(row: Row): CsvValue }[]
  /**
   * Stays in view while the table scrolls sideways on a phone (issue 17): the state and name columns. A
   * `name` column is cut to a short width there so that the rest keeps room.
   */
  sticky?: 'state' | 'name'
  /** Extra classes of the cells, e.g. `text-nowrap`. */
  className?: string
  /**
   * Takes the width the other columns leave, and its text wraps without widening the table (table.css): a live
   * table's columns stay put when the feed changes a check output, and the table is not measured again for it.
   */
  fills?: boolean
}

/**
 * SPEC §4 "Multi-select mode": only rows that allow the action are selectable; clicking toggles; an invalid
 * row gives `rejectedMessage` (e.g. "This host cannot have a ticket added."). The screen pauses auto-refresh
 * while it passes a selection and clears it when the mode or the panel closes.
 */
export interface TableSelection<Row> {
  selected: ReadonlySet<string>
  onChange(selected: Set<string>): void
  canSelect(row: Row): boolean
  /** Translated text shown when a row that cannot get the action is clicked. */
  rejectedMessage: string
}
