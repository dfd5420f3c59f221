/**
 * A list's page and sort kept in the hash route (`?page=&order=`), so a link reproduces the screen, and its page
 * size from the `page_size` preference (SPEC §3). A new sort or page size starts at page 1; the route's other
 * parameters (the filter panel's, an open dialog) stay. `table` is the TablePanel's paging and sort, spread into it.
 */
import { useSearchParams } from 'react-router'
import { DEFAULT_PAGE_SIZE } from '../../shared/constants'
import { fromOrderParam, toOrderParam, type SortState, type TablePanelProps } from '../../ui'
import { usePreferences } from '../preferences'

type TablePaging = Pick<TablePanelProps<unknown>, 'page' | 'pageSize' | 'onPageChange' | 'onPageSizeChange' | 'sort' | 'onSortChange'>

export interface PagedRoute {
  /** SPEC §7 `order` of the list query. */
  order: string | undefined
  /** SPEC §7 `limit` and `offset` of the page shown. */
  range: { limit: number; offset: number }
  table: TablePaging
}

export function usePagedRoute(): PagedRoute {
  const [search, setSearch] = useSearchParams()
  const [preferences, setPreferences] = usePreferences()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const pageSize = preferences?.page_size ?? DEFAULT_PAGE_SIZE
  const sort = fromOrderParam(search.get('order'))
  const go = (change: { page?: number; sort?: SortState | null }) => {
    const next = new URLSearchParams(search)
    const nextSort = change.sort === undefined ? sort : change.sort
    const nextPage = change.sort !== undefined ? 1 : (change.page ?? page)
    if (nextSort) next.set('order', toOrderParam(nextSort)!)
    else next.delete('order')
    if (nextPage > 1) next.set('page', String(nextPage))
    else next.delete('page')
    setSearch(next)
  }
  return {
    order: toOrderParam(sort),
    range: { limit: pageSize, offset: (page - 1) * pageSize },
    table: {
      page,
      pageSize,
      onPageChange: (p) => go({ page: p }),
      onPageSizeChange: (size) => {
        setPreferences({ page_size: size })
        go({ page: 1 })
      },
      sort,
      onSortChange: (s) => go({ sort: s }),
    },
  }
}
