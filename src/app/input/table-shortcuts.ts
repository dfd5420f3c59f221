/**
 * SPEC §2 help panel for a screen's table: r reloads it, < and > go to the previous and next page, [ and ] to
 * the first and last page. Bound by the table the screen is about (a screen of several tables binds one).
 */
import { lastPage, stepPage, type PageStep } from '../../ui'
import { useShortcuts } from './use-shortcuts'

export interface ShortcutTable {
  page: number
  pageSize: number
  onPageChange(page: number): void
  /** SPEC §7 `totalresults`; paging waits for it. */
  total: number | undefined
  /** Refetches the table's page; without it `r` is left to an outer layer. */
  reload?(): void
}

export function useTableShortcuts(table: ShortcutTable, enabled = true) {
  const step = (s: PageStep) => () => {
    const target = table.total === undefined ? null : stepPage(s, table.page, lastPage(table.total, table.pageSize))
    if (target !== null) table.onPageChange(target)
  }
  const reload = table.reload
  useShortcuts(
    enabled
      ? {
          previousPage: step('previous'),
          nextPage: step('next'),
          firstPage: step('first'),
          lastPage: step('last'),
          ...(reload ? { reloadTable: () => reload() } : {}),
        }
      : {},
  )
}
